/**
 * A library's PouchDB replica: the local database a sync cycle replicates through (./sync-cycle.ts).
 * It outlives `sync/stop` (its checkpoints let a later start resume), so only the library's removal
 * deletes it. The library's `state` table tells whether a cycle ever used it: the note a cycle
 * makes before it first opens the replica, or (libraries that synced before the note existed) the
 * reconcile's step rows. So a removal loads PouchDB only for a library that synced.
 */
import type { LibraryDb } from '../storage/library-db';
import type { PouchConstructor } from './pouch';
import { STEP_PREFIX } from './sync-state';

const REPLICA_KEY = 'sync-replica';

/** The replica of the library whose database is named `libraryDatabase`. */
export const replicaOf = (libraryDatabase: string): string => `${libraryDatabase}/sync`;

const reconciled = async (db: LibraryDb) => (await db.state.where('key').startsWith(STEP_PREFIX).limit(1).count()) > 0;

/**
 * Before a cycle opens the replica: the first time, noted. A library that never reconciled may
 * find a replica under its name left by a removed library of the same path (removed before
 * removals deleted replicas): that one is stale, and goes first, or its documents would come in
 * as this library's.
 */
export async function claimReplica(db: LibraryDb, PouchDB: PouchConstructor): Promise<void> {
  if (await db.state.get(REPLICA_KEY)) return;
  if (!(await reconciled(db))) await new PouchDB(replicaOf(db.name)).destroy();
  await db.state.put({ key: REPLICA_KEY, value: replicaOf(db.name) });
}

/** Whether a cycle of this library ever used its replica. */
export async function hasReplica(db: LibraryDb): Promise<boolean> {
  return (await db.state.get(REPLICA_KEY)) !== undefined || (await reconciled(db));
}

export async function destroyReplica(loadPouch: () => Promise<PouchConstructor>, libraryDatabase: string): Promise<void> {
  const PouchDB = await loadPouch();
  await new PouchDB(replicaOf(libraryDatabase)).destroy();
}
