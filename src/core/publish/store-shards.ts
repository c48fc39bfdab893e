/**
 * Stores published shards in a subscribed library through the one write pipeline
 * (`commitItemChanges` with the item observers, as the Eagle import does), so the search index,
 * tags, folders, smart-folder counts and AI indexes follow. Thumbnails and originals are not
 * fetched here: each item row only records where they are (`publishedFiles`, lazy-files.ts). The
 * visual descriptors published with a shard go into the descriptor store in the same transaction,
 * so similar items and colour search cover every item without its thumbnail.
 */
import type { OpenLibrary } from '../storage/open-library';
import { putDescriptors, removeDescriptors } from '../ai-search/descriptor-store';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow, PublishedFiles } from '../storage/rows';
import { commentRowsOf, commentTextsOf, itemRowOf } from '../eagle-library/item-record';
import { commitItemChanges, type ItemChange } from '../storage/item-changes';
import { rowsByKey } from '../storage/rows-by-key';
import { writeTransaction } from '../storage/write';
import type { Shard, ShardItem } from './published-format';
import { bulkLoadObservers } from './bulk-load-observers';
import { withSearchTerms } from '../search/search-document';
import { readStoredShardIds, readSubscription, writeStoredShards, writeSubscription, type Subscription } from './subscription-state';

export interface ShardWrite {
  file: string;
  shard: Shard;
  /** The published visual descriptors of the shard's items, by id (shard-descriptors.ts). */
  descriptors?: ReadonlyMap<string, Uint8Array>;
  /** Some of the shard's items only (load-order.ts firstScreenWrites): stored without the shard's row, so the shard is still to load. */
  part?: boolean;
}

/** A shard item's row, as the Eagle import makes it, with where its published files are. */
export function shardItemRow(item: ShardItem): ItemRow {
  const row = itemRowOf({ id: item.id, record: item.record, fileSize: item.size, hasFile: item.hasFile, thumbnail: item.thumbnail ? 'ready' : 'none' });
  if (item.thumbnail || item.original) row.publishedFiles = publishedFilesOf(item);
  return row;
}

/**
 * In one transaction: the shards' items stored (new ones added, changed ones replaced) and their
 * shard rows written, the items of `dropped` shards that no stored shard holds any more removed
 * with their rows, and, when given, the subscription moved to `subscription` (an update's new
 * manifest). A failure leaves the library as it was. `bulk`: a first load's batch, indexed later
 * by the published index (bulk-load-observers.ts, put-published-index.ts). `of`: the version whose
 * load the batch belongs to; if another version was stored meanwhile (an update), nothing is
 * written and the answer is false, so an old version's shards never overwrite a newer one's items.
 */
export async function storeShards(
  library: OpenLibrary,
  writes: readonly ShardWrite[],
  dropped: readonly string[],
  now: number,
  options: { subscription?: Subscription; bulk?: boolean; of?: string } = {},
): Promise<boolean> {
  const { db } = library;
  const { subscription, bulk = false, of } = options;
  return writeTransaction(library, now, async () => {
    if (of !== undefined && (await readSubscription(db))?.manifest.contentVersion !== of) return false;
    const items = writes.flatMap(({ shard }) => shard.items);
    const rows = items.map(shardItemRow);
    const gone = dropped.length ? await goneWith(db, writes, dropped) : [];
    const ids = [...items.map((item) => item.id), ...gone];
    const before = bulk ? await storedWithKeys(db, rows) : new Map((await db.items.where('id').anyOf(ids).toArray()).map((row) => [row.id, row]));
    // Only items stored before can have comments, fetched files or descriptors to keep or replace (none on a first load).
    const known = ids.filter((id) => before.has(id));
    const descriptors = new Map(writes.flatMap(({ descriptors: map }) => [...(map ?? [])]));
    if (bulk) await giveSearchTerms(db, items, rows);
    const changes: ItemChange[] = items.map((item, i) => {
      const row = rows[i]!;
      const old = before.get(item.id);
      // A changed row keeps its primary key (made from the import time and id), so it replaces the stored one.
      return { before: old, after: old ? { ...row, pk: old.pk } : row };
    });
    await describe(db, changes, descriptors, (i) => before.get(items[i]!.id)?.publishedFiles?.thumbnail === items[i]!.thumbnail);
    for (const id of gone) if (before.has(id)) changes.push({ before: before.get(id) });

    if (known.length) await db.comments.where('itemId').anyOf(known).delete();
    const comments = items.flatMap((item) => commentRowsOf(item.id, item.record));
    if (comments.length) await db.comments.bulkPut(comments);
    // Fetched files stay cached unless the item now points at other bytes (or is gone).
    if (known.length) {
      const incoming = new Map(items.map((item) => [item.id, item]));
      const stale = (kind: 'thumbnail' | 'original') => known.filter((id) => before.get(id)?.publishedFiles?.[kind] !== incoming.get(id)?.[kind]);
      await db.thumbnails.bulkDelete(stale('thumbnail'));
      await db.files.bulkDelete(stale('original'));
    }
    await commitItemChanges(db, changes, bulk ? bulkLoadObservers(library.pipeline.observers) : library.pipeline.observers, now);
    const whole = writes.filter((write) => !write.part);
    await writeStoredShards(db, whole.map(({ file, shard }) => ({ file, ids: shard.items.map((item) => item.id) })), dropped);
    if (subscription) await writeSubscription(db, subscription);
    return true;
  });
}

/**
 * A bulk batch's stored items, by id, read by their keys (rows-by-key.ts: a range read where the
 * batch's keys span few stored rows, as a first load's do, else one get each; either far cheaper
 * than a lookup by id): the only ones a first load can meet are the first screen's, stored from the same shards,
 * so under the same keys (an update during a bulk load stores every shard left itself).
 */
async function storedWithKeys(db: LibraryDb, rows: readonly ItemRow[]): Promise<Map<string, ItemRow>> {
  const stored = await rowsByKey(db.items, rows.map((row) => row.pk));
  return new Map(stored.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

/**
 * A bulk batch's rows get their search terms here, from the shard's own comments and the stored
 * folder names, by the function the published index was built with (published-index.ts): the
 * search index's derive step, which reads the comments back from their table, does not run.
 */
async function giveSearchTerms(db: LibraryDb, items: readonly ShardItem[], rows: ItemRow[]): Promise<void> {
  const folderNames = new Map((await db.folders.toArray()).map((folder) => [folder.id, folder.name]));
  rows.forEach((row, i) => (rows[i] = withSearchTerms(row, folderNames, commentTextsOf(row.id, items[i]!.record))));
}

/** Ids of the dropped shards that neither a written shard nor another stored one holds. */
async function goneWith(db: LibraryDb, writes: readonly ShardWrite[], dropped: readonly string[]): Promise<string[]> {
  const droppedSet = new Set(dropped);
  const stored = await readStoredShardIds(db);
  const kept = new Set([...writes.flatMap(({ shard }) => shard.items.map((item) => item.id)), ...stored.flatMap((shard) => (droppedSet.has(shard.file) ? [] : shard.ids))]);
  return [...new Set(stored.flatMap((shard) => (droppedSet.has(shard.file) ? shard.ids : [])))].filter((id) => !kept.has(id));
}

/**
 * Gives each item its published descriptor (in its old slot, if it had one). Without one an item
 * keeps the descriptor it had while its thumbnail is the same (one made from a thumbnail the
 * visitor saw), and otherwise has none: a new item then gets a descriptor job (the descriptors
 * observer), which describes its thumbnail once it has been shown.
 */
async function describe(db: LibraryDb, changes: readonly ItemChange[], descriptors: ReadonlyMap<string, Uint8Array>, sameThumbnail: (i: number) => boolean): Promise<void> {
  const described: { item: ItemRow; descriptor: Uint8Array }[] = [];
  const rows: ItemRow[] = [];
  const outdated: ItemRow[] = [];
  changes.forEach(({ before: old, after }, i) => {
    const descriptor = descriptors.get(after!.id);
    if (descriptor) {
      described.push({ item: { ...after!, descriptorShard: old?.descriptorShard }, descriptor });
      rows.push(after!);
    } else if (old?.descriptorShard !== undefined) {
      if (sameThumbnail(i)) after!.descriptorShard = old.descriptorShard;
      else outdated.push(old);
    }
  });
  const shards = await putDescriptors(db, described);
  rows.forEach((row, i) => (row.descriptorShard = shards[i]));
  if (outdated.length) await removeDescriptors(db, outdated);
}

/** Where an item's published files are, naming only those it has. */
export function publishedFilesOf({ thumbnail, original }: { thumbnail?: string | null; original?: string | null }): PublishedFiles {
  return { ...(thumbnail ? { thumbnail } : {}), ...(original ? { original } : {}) };
}
