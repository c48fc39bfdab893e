/**
 * A position index of every item in import order: every STEP-th key, kept in the library's `state`
 * table. A stretch at any position starts from the anchor before it and steps over at most STEP
 * keys. Walking the items table itself to a position reads every row before it (the rows are the
 * table's values): at 1,000,000 items on disk that took seconds a window. The grid's default
 * listing (every item, newest first) reads its windows here.
 *
 * A cache, never a source: it names the item change log's head, the item count and the last key it
 * was made at (../storage/change-log.ts, ../storage/counts.ts). Items written since leave it as it
 * is when they are edits: the count is the same and every changed item still has a key no later
 * than that last key (an item added since, or deleted and added again, has a later one; one
 * deleted is missing). Thumbnails and AI upkeep edit items all the time. Anything else makes it
 * again from the `all` posting list, a read of every key, on the next window.
 */
import { readAllItemKeys } from '../postings/postings-store';
import { changeLogHead, readItemChanges } from '../storage/change-log';
import { readItemCounts } from '../storage/counts';
import { LIBRARY_VERSION, type LibraryDb } from '../storage/library-db';

const KEY = 'listing:import-order-anchors';
/** Keys between anchors: a stretch steps over at most this many (1,000 anchors of 30 bytes at 1M items). */
export const STEP = 1000;

interface Directory {
  version: number;
  /** The change log's head and the item count (trashed ones too) when it was made. */
  seq: number;
  length: number;
  /** The newest key then ('' for none). */
  last: string;
  /** Every STEP-th key, ascending: anchors[i] sits at position i * STEP. */
  anchors: string[];
}

/** The keys at walk positions `at`..`at + count - 1` (newest first when descending). */
export type Stretch = (at: number, count: number) => Promise<string[]>;

/** Stretches of every item in import order, from the directory (made again first when an item changed). */
export async function importOrderStretch(db: LibraryDb, descending: boolean): Promise<Stretch> {
  const directory = await currentDirectory(db);
  const { length, anchors } = directory;
  return async (at, count) => {
    // Newest first: positions count from the end of the ascending order.
    const start = descending ? Math.max(0, length - at - count) : at;
    const end = Math.min(length, descending ? length - at : at + count);
    if (end <= start) return [];
    const anchor = Math.floor(start / STEP);
    const keys = await db.items.where('pk').aboveOrEqual(anchors[anchor]!).offset(start - anchor * STEP).limit(end - start).primaryKeys();
    return descending ? keys.reverse() : keys;
  };
}

/** A making under way, per library: windows asked together (a jump's screen and its neighbours) wait for one. */
const making = new WeakMap<LibraryDb, Promise<unknown>>();

async function currentDirectory(db: LibraryDb): Promise<Directory> {
  const kept = await keptDirectory(db);
  if (kept) return kept;
  let shared = making.get(db);
  if (!shared) {
    shared = makeDirectory(db).finally(() => making.delete(db));
    making.set(db, shared);
  }
  await shared;
  // One made before a write that answered meanwhile does not see it: then this window makes its own.
  return (await keptDirectory(db)) ?? makeDirectory(db);
}

/** The kept directory when it still holds (moved on past edits), else undefined. */
async function keptDirectory(db: LibraryDb): Promise<Directory | undefined> {
  const [kept, seq, counts] = await Promise.all([db.state.get(KEY), changeLogHead(db), readItemCounts(db)]);
  const directory = kept?.value as Directory | undefined;
  if (directory?.version !== LIBRARY_VERSION || directory.length !== counts.all) return undefined;
  if (directory.seq === seq) return directory;
  if (!(await onlyEdits(db, directory, seq))) return undefined;
  const moved = { ...directory, seq };
  await db.state.put({ key: KEY, value: moved });
  return moved;
}

async function makeDirectory(db: LibraryDb): Promise<Directory> {
  // The head is read with the keys, in one transaction: a write after them makes the next read check again.
  const built = await db.transaction('r', [db.state, db.postings], async (): Promise<Directory> => {
    const [head, keys] = await Promise.all([changeLogHead(db), readAllItemKeys(db)]);
    return { version: LIBRARY_VERSION, seq: head, length: keys.length, last: keys.at(-1) ?? '', anchors: keys.filter((_, i) => i % STEP === 0) };
  });
  await db.state.put({ key: KEY, value: built });
  return built;
}

/**
 * Past this many changed items, making the index again costs about as much as checking them. The
 * log keeps its last KEEP writes; a directory older than those is made again.
 */
const CHECK_AT_MOST = 100_000;

/** Whether every item changed since the directory was made is still there, under a key it had then. */
async function onlyEdits(db: LibraryDb, directory: Directory, head: number): Promise<boolean> {
  const { complete, ids } = await readItemChanges(db, directory.seq, head);
  if (!complete || ids.size > CHECK_AT_MOST) return false;
  const pks = await db.items.where('id').anyOf([...ids]).primaryKeys();
  return pks.length === ids.size && pks.every((pk) => pk <= directory.last);
}
