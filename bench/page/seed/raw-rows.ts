/**
 * The raw-IndexedDB baseline of seeding: the same planned items as stored rows (items, plus file
 * rows for images), written with plain Dexie bulkAdd into a scratch database of the same schema.
 * No validation, no tag or folder bookkeeping: the physical floor of an insert.
 */
import { withDerivedFields } from '../../../src/core/listing/item-row';
import type { LibraryDb } from '../../../src/core/storage/library-db';
import type { FileRow, ItemRow } from '../../../src/core/storage/rows';
import type { PlannedItem } from '../../data/library-plan';
import type { FolderIds } from './folders';
import type { TinyPngs } from './tiny-png';

export interface RawBatch {
  items: ItemRow[];
  files: FileRow[];
}

export async function toRawBatch(items: readonly PlannedItem[], folderIds: FolderIds, pngs: TinyPngs, nextId: () => string, now: number): Promise<RawBatch> {
  const batch: RawBatch = { items: [], files: [] };
  for (const [index, item] of items.entries()) {
    const id = nextId();
    const image = 'image' in item.source ? item.source.image : undefined;
    const png = image ? await pngs.get(image) : undefined;
    const importedAt = now + index / 1000;
    batch.items.push(
      withDerivedFields({
        pk: '', id, nameKey: '', pixels: 0, facets: [],
        name: item.name,
        ext: image ? 'png' : 'url',
        mime: image ? 'image/png' : 'text/uri-list',
        width: image?.width ?? 0,
        height: image?.height ?? 0,
        size: png?.bytes.byteLength ?? 0,
        url: 'bookmarkURL' in item.source ? item.source.bookmarkURL : item.website,
        annotation: item.annotation,
        tags: item.tags,
        folders: item.folderKeys.flatMap((key) => folderIds.get(key) ?? []),
        star: 0,
        isDeleted: false,
        modificationTime: now,
        btime: now,
        importedAt,
        duration: 0,
        palettes: [],
        noThumbnail: !image,
        noPreview: false,
        thumbnail: image ? 'pending' : 'none',
        hasFile: Boolean(image),
      }),
    );
    if (png) batch.files.push({ id, blob: new Blob([png.bytes], { type: 'image/png' }) });
  }
  return batch;
}

export async function writeRawBatch(db: LibraryDb, batch: RawBatch): Promise<void> {
  await db.transaction('rw', db.items, db.files, async () => {
    await db.items.bulkAdd(batch.items);
    if (batch.files.length) await db.files.bulkAdd(batch.files);
  });
}
