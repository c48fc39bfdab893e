/**
 * Which items a backup run looks at. Usually only those the library's item change log
 * (storage/change-log.ts) names after the sequence the folder is current with; a pass over every
 * item, comparing fingerprints, when there is no such sequence (a first backup, another folder),
 * when the log was trimmed past it, or once a day. Either pass notes the log's head when it
 * starts, and the folder is current with that head once it ends: a change made during the run has
 * a later sequence, so the next run reads it. The pass is kept in the backup's database with the
 * key it goes on after, so a sliced or stopped run resumes it and writes nothing twice.
 */
import { changeLogHead, readItemChanges } from '../storage/change-log';
import type { LibraryDb } from '../storage/library-db';
import type { BackupDb } from './backup-db';

export type BackupPass =
  /** Every item, in key order; `after` is an item key. No `upTo`: a pass begun before the log, which notes no sequence. */
  | { kind: 'all'; after: string; upTo?: number }
  /** The items changed in (since, upTo], in id order; `after` is an item id. */
  | { kind: 'changed'; after: string; since: number; upTo: number };

/**
 * A pass over every item at least this often: it also catches what reaches the library outside a
 * write transaction (the files of a synced or published library, fetched on first use).
 */
export const FULL_PASS_EVERY = 24 * 60 * 60 * 1000;

/** The pass in progress, else a new one. */
export async function startPass(library: LibraryDb, db: BackupDb, now: number): Promise<BackupPass> {
  const kept = (await db.state.get('pass'))?.value as BackupPass | string | undefined;
  // Passes kept before the change log hold the item key alone.
  if (typeof kept === 'string') return { kind: 'all', after: kept };
  if (kept) return kept;
  const upTo = await changeLogHead(library);
  const since = (await db.state.get('seq'))?.value as number | undefined;
  const fullAt = (await db.state.get('fullAt'))?.value as number | undefined;
  // A sequence past the head: the log is not the one the folder followed (a library made again under its name).
  if (since === undefined || fullAt === undefined || now - fullAt >= FULL_PASS_EVERY || since > upTo) return { kind: 'all', after: '', upTo };
  return { kind: 'changed', after: '', since, upTo };
}

/**
 * The ids a pass over changed items has left, in order; undefined when the log no longer holds
 * all of them (trimmed meanwhile): the run then compares every item instead.
 */
export async function idsLeft(library: LibraryDb, pass: Extract<BackupPass, { kind: 'changed' }>): Promise<string[] | undefined> {
  const { complete, ids } = await readItemChanges(library, pass.since, pass.upTo);
  if (!complete) return undefined;
  return [...ids].filter((id) => id > pass.after).sort();
}
