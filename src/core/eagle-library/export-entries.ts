/**
 * A library as the files of an Eagle library folder (library-format.md §7), in the order Eagle
 * writes them: each item folder (original, thumbnail, metadata.json last), then the root files.
 * Items are read a page at a time, so an export of any size holds one page of blobs at once.
 */
import type { OpenLibrary } from '../context';
import { buildForest } from '../shared/forest';
import type { CommentRow, EagleRecord, ItemRow } from '../storage/rows';
import type { LibraryDb } from '../storage/library-db';
import { readMeta } from '../storage/write';
import { QUICK_ACCESS_KEY } from '../library/library.service';
import { eagleJson, num } from './eagle-json';
import { bookmarkShortcut, originalFileName, thumbnailFileName } from './file-names';
import { HISTORY_KEPT } from './import-finish';
import { readStoredRoot } from './import-root';
import { eagleItemRecord } from './item-record';
import { folderNode, smartFolderNode, tagGroupRecord } from './root-records';

export interface ExportEntry {
  /** Path inside the library folder; a trailing "/" marks a folder. */
  path: string;
  data?: Blob | string;
  lastModified: number;
}

/** What Eagle 4 writes, and the newest version it opens (§6). */
export const APPLICATION_VERSION = '4.0.0';
const PAGE = 200;


/** One item as the export and the backup read it: its row, original, thumbnail and comments. */
export interface ExportItem {
  row: ItemRow;
  file?: Blob;
  /** The original's content hash when stored (a backup compares it, not the bytes). */
  sha256?: string;
  thumbnail?: Blob;
  comments: CommentRow[];
}

/** The next page of items after primary key `after`, in one read transaction. */
export async function readItemPage(db: LibraryDb, after: string, limit = PAGE): Promise<ExportItem[]> {
  return db.transaction('r', [db.items, db.files, db.thumbnails, db.comments], async () => {
    const rows = await db.items.where('pk').above(after).limit(limit).toArray();
    return withFiles(db, rows);
  });
}

/** The items of these ids that the library holds (a backup's changed items), in one read transaction. */
export async function readItemsById(db: LibraryDb, ids: readonly string[]): Promise<ExportItem[]> {
  return db.transaction('r', [db.items, db.files, db.thumbnails, db.comments], async () => {
    const rows = await db.items.where('id').anyOf([...ids]).toArray();
    return withFiles(db, rows);
  });
}

async function withFiles(db: LibraryDb, rows: readonly ItemRow[]): Promise<ExportItem[]> {
  const ids = rows.map((row) => row.id);
  const [files, thumbnails, comments] = await Promise.all([
    db.files.bulkGet(ids),
    db.thumbnails.bulkGet(ids),
    db.comments.where('itemId').anyOf(ids).toArray(),
  ]);
  return rows.map((row, i) => ({ row, file: files[i]?.blob, sha256: files[i]?.sha256, thumbnail: thumbnails[i]?.blob, comments: comments.filter((c) => c.itemId === row.id) }));
}

export async function* eagleLibraryEntries(library: OpenLibrary): AsyncGenerator<ExportEntry> {
  const { db } = library;
  const mtimes: [string, number][] = [];
  const notIncluded: string[] = [];
  let notIncludedTime = 0;
  let after = '';
  for (;;) {
    const page = await readItemPage(db, after);
    if (page.length === 0) break;
    after = page[page.length - 1]!.row.pk;
    for (const item of page) {
      const record = eagleItemRecord(item.row, item.comments);
      mtimes.push([item.row.id, num(record.lastModified, item.row.modificationTime)]);
      if (item.row.linked) notIncludedTime = Math.max(notIncludedTime, item.row.modificationTime);
      if (item.row.linked) notIncluded.push(notIncludedLine(item.row));
      yield* itemEntries(item.row, record, item.file, item.thumbnail);
    }
  }
  yield* rootEntries(library, mtimes);
  // Originals never kept (linked-original.ts) cannot be exported: the export says which, and where they are.
  if (notIncluded.length) yield notIncludedEntry(notIncluded, notIncludedTime);
}

export const notIncludedLine = (row: ItemRow) => `${row.id}\t${row.name}\t${row.linked?.url}\t${row.linked?.reason}`;

export const notIncludedEntry = (lines: readonly string[], lastModified: number): ExportEntry => ({
  path: NOT_INCLUDED_FILE,
  data: ['Originals not included (item id, name, address, why):', ...lines, ''].join('\n'),
  lastModified,
});

export const NOT_INCLUDED_FILE = 'not-included.txt';

export function* itemEntries(row: ItemRow, record: EagleRecord, file: Blob | undefined, thumbnail: Blob | undefined): Generator<ExportEntry> {
  const dir = `images/${row.id}.info/`;
  const name = String(record.name);
  const lastModified = row.modificationTime;
  yield { path: dir, lastModified };
  // A bookmark's shortcut as text: a Blob costs a round trip to the browser's blob registry, and a backup plans every item.
  const original = file ?? (row.ext === 'url' ? bookmarkShortcut(row.url) : undefined);
  if (original) yield { path: dir + originalFileName(name, String(record.ext ?? row.ext)), data: original, lastModified };
  if (thumbnail && !row.noThumbnail) yield { path: dir + thumbnailFileName(name), data: thumbnail, lastModified };
  yield { path: `${dir}metadata.json`, data: eagleJson(record), lastModified };
}

export async function* rootEntries(library: OpenLibrary, mtimes: readonly [string, number][]): AsyncGenerator<ExportEntry> {
  const { db } = library;
  const [meta, stored, folders, smartFolders, groups, tags, quick] = await Promise.all([
    readMeta(library),
    readStoredRoot(db),
    db.folders.toArray(),
    db.smartFolders.toArray(),
    db.tagGroups.orderBy('createdAt').toArray(),
    db.tags.toArray(),
    db.state.get(QUICK_ACCESS_KEY),
  ]);
  // Items must stay newer than the root, or Eagle shows some of them as unfiled (§4, §7.5).
  const oldestItem = mtimes.reduce((oldest, [, time]) => Math.min(oldest, time), Infinity);
  const modificationTime = Math.min(meta.modificationTime, oldestItem - 1);
  // Eagle 4's key order for a new library; an imported root keeps its own order and unknown keys.
  const metadata: EagleRecord = stored
    ? { ...stored.metadata }
    : { applicationVersion: '', folders: [], smartFolders: [], quickAccess: [], tagsGroups: [], modificationTime: 0 };
  Object.assign(metadata, {
    applicationVersion: APPLICATION_VERSION,
    folders: buildForest(folders, folderNode).roots,
    smartFolders: buildForest(smartFolders, smartFolderNode).roots,
    quickAccess: (quick?.value as unknown[] | undefined) ?? [],
    tagsGroups: groups.map(tagGroupRecord),
    modificationTime: Number.isFinite(modificationTime) ? modificationTime : meta.modificationTime,
  });
  const now = meta.modificationTime;
  const historyTags = tags.filter((t) => t.lastUsedAt > 0).sort((a, b) => b.lastUsedAt - a.lastUsedAt).slice(0, HISTORY_KEPT).map((t) => t.name);
  const starredTags = tags.filter((t) => t.starredAt > 0).sort((a, b) => a.starredAt - b.starredAt).map((t) => t.name);
  const mtime: Record<string, number> = Object.fromEntries(mtimes);
  yield { path: 'metadata.json', data: eagleJson(metadata), lastModified: now };
  yield { path: 'mtime.json', data: eagleJson({ ...mtime, all: mtimes.length }), lastModified: now };
  yield { path: 'tags.json', data: eagleJson({ ...(stored?.tags ?? { historyTags: [], starredTags: [] }), historyTags, starredTags }), lastModified: now };
  yield { path: 'saved-filters.json', data: eagleJson(stored?.savedFilters ?? []), lastModified: now };
  yield { path: 'actions.json', data: eagleJson(stored?.actions ?? []), lastModified: now };
  yield { path: 'backup/', lastModified: now };
}
