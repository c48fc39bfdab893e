/**
 * What a reconcile (./reconcile.ts) has to look at, instead of the whole library and replica:
 * - items a write marked since (./dirty-items.ts);
 * - documents the replica's change feed shows since the checkpoint `sync-replica-seq`, except
 *   those whose winning revision is the step (the library already agreed with it: a revision
 *   this device wrote itself);
 * - every document of the small kinds (folders, smart folders, tag groups, comments, settings):
 *   few, and written by paths no item observer sees.
 * Without a checkpoint (the first cycle, or after sync/stop) it is everything: items written while
 * the library did not sync were not marked. The checkpoint and the clearing of marks commit in
 * the reconcile's own transaction (`commitDirtySet`), so a worker stopped between reading the set
 * and that commit reads it again: work is redone, never skipped.
 */
import type { LibraryDb } from '../storage/library-db';
import { DIRTY_PREFIX, dirtyKey } from './dirty-items';
import type { Pouch } from './pouch';
import { kindOf } from './sync-documents';
import { STEP_PREFIX } from './sync-state';

export const REPLICA_SEQ_KEY = 'sync-replica-seq';

export interface DirtySet {
  /** No checkpoint yet: compare every document. */
  full: boolean;
  /** Item documents to compare (when not `full`); the small kinds are compared whole anyway. */
  itemIds: Set<string>;
  /** The marks read: `sync-dirty:<doc id>` → the mark. */
  marks: Map<string, unknown>;
  /** Where the replica's change feed was read up to: the next checkpoint. */
  seq: number | string;
  /** The checkpoint it was read from (undefined when `full`). */
  since?: number | string;
}

export async function readDirtySet(db: LibraryDb, local: Pouch): Promise<DirtySet> {
  const since = (await db.state.get(REPLICA_SEQ_KEY))?.value as number | string | undefined;
  const marks = new Map((await db.state.where('key').startsWith(DIRTY_PREFIX).toArray()).map((row) => [row.key, row.value]));
  if (since === undefined) return { full: true, itemIds: new Set(), marks, seq: (await local.info()).update_seq };
  const itemIds = new Set([...marks.keys()].map((key) => key.slice(DIRTY_PREFIX.length)));
  const { results, last_seq: seq } = await local.changes({ since });
  const changed = results.filter((change) => kindOf(change.id) === 'item' && !itemIds.has(change.id));
  const steps = await db.state.bulkGet(changed.map((change) => STEP_PREFIX + change.id));
  changed.forEach((change, at) => {
    if (steps[at]?.value !== change.changes[0]?.rev) itemIds.add(change.id);
  });
  return { full: false, itemIds, marks, seq, since };
}

/**
 * Inside the reconcile's transaction: the checkpoint moves to where the feed was read, and the
 * marks read are cleared unless a write changed them meanwhile or their document was `kept` (to
 * look at again next time); marks of documents the reconcile itself wrote to the library
 * (`applied`, marked by that very write) are cleared too.
 */
export async function commitDirtySet(db: LibraryDb, dirty: DirtySet, kept: ReadonlySet<string>, applied: readonly string[]): Promise<void> {
  const appliedKeys = new Set(applied.filter((id) => kindOf(id) === 'item').map(dirtyKey));
  const keys = [...new Set([...dirty.marks.keys(), ...appliedKeys])];
  const now = await db.state.bulkGet(keys);
  const clear = keys.filter((key, at) => {
    if (appliedKeys.has(key)) return true;
    return !kept.has(key.slice(DIRTY_PREFIX.length)) && now[at] !== undefined && now[at]!.value === dirty.marks.get(key);
  });
  if (clear.length) await db.state.bulkDelete(clear);
  if (dirty.seq !== dirty.since) await db.state.put({ key: REPLICA_SEQ_KEY, value: dirty.seq });
}

/** Forgets the checkpoint and the marks (sync/stop): the next start compares everything. */
export async function forgetDirtySet(db: LibraryDb): Promise<void> {
  await db.state.where('key').startsWith(DIRTY_PREFIX).delete();
  await db.state.delete(REPLICA_SEQ_KEY);
}
