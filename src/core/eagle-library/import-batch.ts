/**
 * One batch of an import, all or nothing: the items with their originals, thumbnails and comments,
 * and the import's progress, in one transaction. An item is never stored without its file, nor a
 * file without its item, and a stopped worker resumes after the last batch that committed.
 */
import { commitItemChanges, type ItemObserver } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow, ThumbnailState } from '../storage/rows';
import { readImportState, writeImportState, type ImportState } from './import-state';
import type { ItemFolder, ReadItem } from './read-library';

/** Another runner (or a cancel) moved the import on: this one stops without writing. */
export class ImportSuperseded extends Error {
  constructor(id: string) {
    super(`Import ${id} was moved on by another runner.`);
    this.name = 'ImportSuperseded';
  }
}

/** The library's own thumbnail when usable; else one is made here, unless Eagle shows the original or the item has no file. */
function thumbnailStateOf({ row, file, thumbnail }: ReadItem): ThumbnailState {
  if (thumbnail) return 'ready';
  return file && !row.noThumbnail && row.ext !== 'url' ? 'pending' : 'none';
}

/** Stores a batch; `state` is the progress before it, the answer the progress after it. */
export async function importBatch(
  db: LibraryDb,
  observers: readonly ItemObserver[],
  state: ImportState,
  folders: readonly ItemFolder[],
  now: number,
): Promise<ImportState> {
  // Only the runner that read the last committed progress may write the next batch.
  const stored = await readImportState(db, state.id);
  if (stored?.status !== 'running' || stored.done !== state.done) throw new ImportSuperseded(state.id);
  const read = folders.flatMap((folder) => (folder.ok ? [folder] : []));
  const taken = new Set(await db.items.where('id').anyOf(read.map((folder) => folder.item.row.id)).keys());
  const fresh = new Map<string, (typeof read)[number]>();
  for (const folder of read) if (!taken.has(folder.item.row.id)) fresh.set(folder.item.row.id, folder);
  const items = [...fresh.values()].map((folder) => folder.item);

  const rows: ItemRow[] = items.map((item) => ({ ...item.row, thumbnail: thumbnailStateOf(item) }));
  await db.files.bulkPut(items.flatMap((item) => (item.file ? [{ id: item.row.id, blob: item.file }] : [])));
  await db.thumbnails.bulkPut(items.flatMap((item) => (item.thumbnail ? [{ id: item.row.id, blob: item.thumbnail, custom: false }] : [])));
  await db.comments.bulkPut(items.flatMap((item) => item.comments));
  // The media observer queues a thumbnail job only for the pending ones.
  await commitItemChanges(db, rows.map((after) => ({ after })), observers, now);

  const next: ImportState = {
    ...state,
    updatedAt: now,
    done: state.done + folders.length,
    imported: state.imported + items.length,
    skipped: state.skipped + (read.length - items.length),
    broken: [...state.broken, ...folders.flatMap((folder) => (folder.ok ? [] : [{ name: folder.name, reason: folder.reason }]))],
    bytes: state.bytes + [...fresh.values()].reduce((sum, folder) => sum + folder.bytes, 0),
    thumbnailsQueued: state.thumbnailsQueued + rows.filter((row) => row.thumbnail === 'pending').length,
  };
  await writeImportState(db, next);
  return next;
}
