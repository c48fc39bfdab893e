/**
 * A library's PouchDB replica: the local database a sync cycle replicates through (./sync-cycle.ts).
 * It outlives `sync/stop` (its checkpoints let a later start resume), so only the library's removal
 * deletes it. The library's `state` table notes that it was made, so a removal loads PouchDB only
 * for a library that ever synced.
 */
import type { LibraryDb } from '../storage/library-db';
import type { PouchConstructor } from './pouch';

const REPLICA_KEY = 'sync-replica';

/** The replica of the library whose database is named `libraryDatabase`. */
export const replicaOf = (libraryDatabase: string): string => `${libraryDatabase}/sync`;

/** Before a cycle first makes the replica (a note that `sync/stop` keeps). */
export async function noteReplica(db: LibraryDb): Promise<void> {
  if (!(await db.state.get(REPLICA_KEY))) await db.state.put({ key: REPLICA_KEY, value: replicaOf(db.name) });
}

/** Whether a cycle of this library ever made its replica. */
export async function hasReplica(db: LibraryDb): Promise<boolean> {
  return (await db.state.get(REPLICA_KEY)) !== undefined;
}

export async function destroyReplica(loadPouch: () => Promise<PouchConstructor>, libraryDatabase: string): Promise<void> {
  const PouchDB = await loadPouch();
  await new PouchDB(replicaOf(libraryDatabase)).destroy();
}
