/**
 * The item change log: the ids of the items each write transaction changed, kept in the library's
 * `state` table under an increasing sequence, so that a reader that stopped at sequence S (the
 * backup) reads only what changed after S, even across worker restarts. Written by
 * `writeTransaction` inside the write itself: it commits, or fails, with the rows.
 *
 * The feed (../events/change-feed.ts) holds nothing; this keeps ids only, no history of values.
 * It is trimmed to the last KEEP entries: a reader whose sequence is older than the oldest kept
 * entry learns so (`complete: false`) and must compare everything instead.
 */
import type { LibraryDb } from './library-db';

const PREFIX = 'item-changes:';
/** Sequences as fixed-width digits, so that the keys sort as the numbers do. */
const WIDTH = 12;
/** Entries kept (one per write transaction that changed items). */
export const KEEP = 2000;
/** Trim once every this many entries, not at every write. */
const TRIM_EVERY = 100;

const keyOf = (seq: number) => PREFIX + String(seq).padStart(WIDTH, '0');
const seqOf = (key: string) => Number(key.slice(PREFIX.length));
const range = (db: LibraryDb, from: number) => db.state.where('key').between(keyOf(from), PREFIX + '\uffff', true, true);

/** The sequence of the last entry (0: none yet). */
export async function changeLogHead(db: LibraryDb): Promise<number> {
  const last = await range(db, 0).lastKey();
  return last === undefined ? 0 : seqOf(String(last));
}

/** Appends one entry; call inside the write transaction that changed the items. */
export async function logItemChanges(db: LibraryDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const seq = (await changeLogHead(db)) + 1;
  await db.state.put({ key: keyOf(seq), value: [...ids] });
  if (seq % TRIM_EVERY === 0 && seq > KEEP) await trimItemChanges(db, seq - KEEP);
}

/** Drops the entries up to sequence `through`. */
export async function trimItemChanges(db: LibraryDb, through: number): Promise<void> {
  await db.state.where('key').between(keyOf(0), keyOf(through), true, true).delete();
}

export interface LoggedChanges {
  /** False when entries after `since` were trimmed: the ids are not all that changed. */
  complete: boolean;
  /** The ids changed in (since, upTo], each once. */
  ids: Set<string>;
}

/** The items changed after sequence `since` up to `upTo` (both sequences of this log). */
export async function readItemChanges(db: LibraryDb, since: number, upTo: number): Promise<LoggedChanges> {
  const ids = new Set<string>();
  if (upTo <= since) return { complete: true, ids };
  const entries = await db.state.where('key').between(keyOf(since + 1), keyOf(upTo), true, true).toArray();
  for (const entry of entries) for (const id of entry.value as string[]) ids.add(id);
  // Sequences have no gaps: the entries are all there exactly when their count is.
  return { complete: entries.length === upTo - since, ids };
}
