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
import { DIRTY_PREFIX } from './dirty-items';
import type { Pouch, PouchDocument } from './pouch';
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
  /** The replica's current item documents the feed brought along (deleted ones left out), by id. */
  changedDocs: Map<string, PouchDocument>;
}

export async function readDirtySet(db: LibraryDb, local: Pouch): Promise<DirtySet> {
  const since = (await db.state.get(REPLICA_SEQ_KEY))?.value as number | string | undefined;
  const marks = new Map((await db.state.where('key').startsWith(DIRTY_PREFIX).toArray()).map((row) => [row.key, row.value]));
  if (since === undefined) return { full: true, itemIds: new Set(), marks, seq: (await local.info()).update_seq, changedDocs: new Map() };
  const itemIds = new Set([...marks.keys()].map((key) => key.slice(DIRTY_PREFIX.length)));
  // With the documents: one pass over the feed, where reading them by id later costs a request each.
  const { results, last_seq: seq } = await local.changes({ since, include_docs: true });
  const changed = results.filter((change) => kindOf(change.id) === 'item');
  const steps = await db.state.bulkGet(changed.map((change) => STEP_PREFIX + change.id));
  const changedDocs = new Map<string, PouchDocument>();
  changed.forEach((change, at) => {
    if (change.doc && !change.deleted) changedDocs.set(change.id, change.doc);
    if (steps[at]?.value !== change.changes[0]?.rev) itemIds.add(change.id);
  });
  return { full: false, itemIds, marks, seq, since, changedDocs };
}

/**
 * Inside the reconcile's transaction: the checkpoint moves to where the feed was read, and the
 * marks read are cleared unless a write changed them meanwhile or their document was `kept` (to
 * look at again next time). The reconcile's own writes to the library mark nothing
 * (`markNothingIn`, ./dirty-items.ts).
 */
export async function commitDirtySet(db: LibraryDb, dirty: DirtySet, kept: ReadonlySet<string>): Promise<void> {
  const keys = [...dirty.marks.keys()];
  const now = await db.state.bulkGet(keys);
  const clear = keys.filter((key, at) => !kept.has(key.slice(DIRTY_PREFIX.length)) && now[at] !== undefined && now[at]!.value === dirty.marks.get(key));
  if (clear.length) await db.state.bulkDelete(clear);
  if (dirty.seq !== dirty.since) await db.state.put({ key: REPLICA_SEQ_KEY, value: dirty.seq });
}

/** Forgets the checkpoint and the marks (sync/stop): the next start compares everything. */
export async function forgetDirtySet(db: LibraryDb): Promise<void> {
  await db.state.where('key').startsWith(DIRTY_PREFIX).delete();
  await db.state.delete(REPLICA_SEQ_KEY);
}
