/**
 * The objects the detector found, one small row per item (labels indexed), with a trash mark kept
 * by ./objects.observer.ts. Object indexing starts the first time a library is searched by text
 * (TF.js and the model load only when AI search is used): then every item with a file gets an
 * `objects` job, and new ones get theirs when added. Writers run inside a write transaction.
 */
import { objectsJob } from '../media/media-jobs';
import type { LibraryDb } from '../storage/library-db';
import type { Detection, ItemRow } from '../storage/rows';

const ENABLED_KEY = 'ai-objects';
/** Detections below this confidence are not kept (human's own default is 0.2). */
export const MIN_CONFIDENCE = 0.2;

export async function objectsEnabled(db: LibraryDb): Promise<boolean> {
  return Boolean((await db.state.get(ENABLED_KEY))?.value);
}

/** Turns object indexing on for the library and queues every item with a file; false if it was on. */
export async function enableObjects(db: LibraryDb, now: number): Promise<boolean> {
  if (await objectsEnabled(db)) return false;
  await db.state.put({ key: ENABLED_KEY, value: true });
  // Keys only: the files table holds exactly the items with a file, and reading no rows keeps the
  // first text search of a large library quick.
  const ids = (await db.files.toCollection().primaryKeys()) as string[];
  await db.jobs.bulkPut(ids.map((id) => objectsJob(id, now)));
  return true;
}

export async function putObjects(db: LibraryDb, item: ItemRow, detections: readonly Detection[]): Promise<void> {
  const kept = detections.filter((d) => d.score >= MIN_CONFIDENCE).sort((a, b) => b.score - a.score);
  await db.objects.put({ id: item.id, labels: [...new Set(kept.map((d) => d.label))], detections: kept, trashed: item.isDeleted ? 1 : 0 });
}
