/**
 * One batch of an import of another tool's export (bookmarks, a Takeout), all or nothing with the
 * progress, as import-batch.ts does for Eagle libraries. A file whose bytes the library already holds
 * (an earlier batch, this batch, or the library before) is not stored again: the holder gains the
 * planned folders, and the report counts it.
 */
import { findDuplicates } from '../items/duplicates';
import { withDerivedFields } from '../listing/item-row';
import { commitItemChanges, type ItemChange, type ItemObserver } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { ImportSuperseded } from './import-batch';
import type { PlannedItem } from './import-plan';
import { readImportState, writeImportState, type ImportState } from './import-state';

/** A planned item with what was read of its file; `ok: false` when the file could not be read. */
export type ReadPlanned =
  | { ok: true; item: PlannedItem; file?: { blob: Blob; sha256: string; mime: string; ext: string; width: number; height: number } }
  | { ok: false; item: PlannedItem; reason: string };

/** The new item row of a planned item (the bench writes the same rows raw). */
export function plannedRow(id: string, { item, file }: Extract<ReadPlanned, { ok: true }>, folders: string[], now: number): ItemRow {
  return withDerivedFields({
    pk: '',
    id,
    name: item.name,
    nameKey: '',
    ext: file?.ext ?? 'url',
    mime: file?.mime ?? 'text/uri-list',
    width: file?.width ?? 0,
    height: file?.height ?? 0,
    pixels: 0,
    size: file?.blob.size ?? 0,
    url: item.url,
    annotation: item.annotation,
    tags: item.tags,
    folders,
    facets: [],
    star: 0,
    isDeleted: false,
    modificationTime: item.time || now,
    btime: item.time || now,
    importedAt: now,
    duration: 0,
    palettes: [],
    noThumbnail: false,
    noPreview: false,
    thumbnail: file ? 'pending' : 'none',
    hasFile: file !== undefined,
  });
}

export async function importPlanBatch(
  db: LibraryDb,
  observers: readonly ItemObserver[],
  state: ImportState,
  batch: readonly ReadPlanned[],
  ids: readonly string[],
  now: number,
): Promise<ImportState> {
  const stored = await readImportState(db, state.id);
  if (stored?.status !== 'running' || stored.done !== state.done) throw new ImportSuperseded(state.id);
  const folderIds = state.folderIds ?? {};
  const foldersOf = (item: PlannedItem) => item.folderKeys.flatMap((key) => (folderIds[key] ? [folderIds[key]] : []));
  const read = batch.flatMap((entry, index) => (entry.ok ? [{ entry, id: ids[index]! }] : []));
  const holders = await findDuplicates(db, read.map((r) => r.id), read.map((r) => r.entry.file?.sha256));

  const fresh = new Map<string, ItemRow>();
  const gained = new Map<string, Set<string>>();
  let duplicates = 0;
  read.forEach(({ entry, id }, index) => {
    const holder = holders[index];
    if (!holder) {
      fresh.set(id, plannedRow(id, entry, foldersOf(entry.item), now));
      return;
    }
    duplicates += 1;
    const into = gained.get(holder) ?? new Set<string>();
    for (const folder of foldersOf(entry.item)) into.add(folder);
    gained.set(holder, into);
  });
  const changes: ItemChange[] = [];
  for (const [holder, folders] of gained) {
    const inBatch = fresh.get(holder);
    if (inBatch) {
      fresh.set(holder, withDerivedFields({ ...inBatch, folders: [...new Set([...inBatch.folders, ...folders])] }));
      continue;
    }
    const before = await db.items.where('id').equals(holder).first();
    const added = [...folders].filter((folder) => !before?.folders.includes(folder));
    if (before && added.length) changes.push({ before, after: withDerivedFields({ ...before, folders: [...before.folders, ...added], modificationTime: now }) });
  }
  const files = read.flatMap(({ entry, id }) => (entry.file && fresh.has(id) ? [{ id, blob: entry.file.blob, sha256: entry.file.sha256 }] : []));
  await db.files.bulkAdd(files);
  await commitItemChanges(db, [...[...fresh.values()].map((after) => ({ after })), ...changes], observers, now);

  const next: ImportState = {
    ...state,
    updatedAt: now,
    done: state.done + batch.length,
    imported: state.imported + fresh.size,
    duplicates: (state.duplicates ?? 0) + duplicates,
    broken: [...state.broken, ...batch.flatMap((entry) => (entry.ok ? [] : [{ name: entry.item.path ?? entry.item.name, reason: entry.reason }]))],
    bytes: state.bytes + files.reduce((sum, file) => sum + file.blob.size, 0),
    thumbnailsQueued: state.thumbnailsQueued + files.length,
  };
  await writeImportState(db, next);
  return next;
}
