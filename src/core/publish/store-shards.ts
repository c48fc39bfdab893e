/**
 * Stores published shards in a subscribed library through the one write pipeline
 * (`commitItemChanges` with the item observers, as the Eagle import does), so the search index,
 * tags, folders, smart-folder counts and AI indexes follow. Thumbnails and originals are not
 * fetched here: each item only records where they are (lazy-files.ts). The visual descriptors
 * published with a shard go into the descriptor store in the same transaction, so similar items
 * and colour search cover every item without its thumbnail.
 */
import type { OpenLibrary } from '../storage/open-library';
import { putDescriptors, removeDescriptors } from '../ai-search/descriptor-store';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { commentRowsOf, itemRowOf } from '../eagle-library/item-record';
import { commitItemChanges, type ItemChange } from '../storage/item-changes';
import { writeTransaction } from '../storage/write';
import type { Shard } from './published-format';
import { dropItemFiles, readItemFilesOf, readSubscription, writeItemFiles, writeSubscription, type Subscription } from './subscription-state';

export interface ShardWrite {
  file: string;
  shard: Shard;
  /** The published visual descriptors of the shard's items, by id (shard-descriptors.ts). */
  descriptors?: ReadonlyMap<string, Uint8Array>;
}

/**
 * In one transaction: the shards' items stored (new ones added, changed ones replaced), the items
 * of `dropped` shards that no stored shard holds any more removed, and the subscription moved to
 * `next`. A failure leaves the library as it was.
 */
export async function storeShards(library: OpenLibrary, writes: readonly ShardWrite[], dropped: readonly string[], next: Omit<Subscription, 'stored' | 'updatedAt'>, now: number): Promise<Subscription> {
  const { db } = library;
  return writeTransaction(library, now, async () => {
    const current = await readSubscription(db);
    const stored = { ...(current?.stored ?? {}) };
    for (const file of dropped) delete stored[file];
    const items = writes.flatMap(({ shard }) => shard.items);
    for (const { file, shard } of writes) stored[file] = shard.items.map((item) => item.id);
    const kept = new Set(Object.values(stored).flat());
    const gone = [...new Set(dropped.flatMap((file) => current?.stored[file] ?? []))].filter((id) => !kept.has(id));

    const ids = [...items.map((item) => item.id), ...gone];
    const before = new Map((await db.items.where('id').anyOf(ids).toArray()).map((row) => [row.id, row]));
    // Only items stored before can have comments, fetched files, file locations or descriptors to keep or replace (none on a first load).
    const known = ids.filter((id) => before.has(id));
    const previous = new Map(known.length ? (await readItemFilesOf(db, known)).map((files, i) => [known[i]!, files] as const) : []);
    const descriptors = new Map(writes.flatMap(({ descriptors: map }) => [...(map ?? [])]));
    const changes: ItemChange[] = items.map((item) => {
      const row = itemRowOf({ id: item.id, record: item.record, fileSize: item.size, hasFile: item.hasFile, thumbnail: item.thumbnail ? 'ready' : 'none' });
      const old = before.get(item.id);
      // A changed row keeps its primary key, so it replaces the stored one.
      return { before: old, after: old ? { ...row, pk: old.pk } : row };
    });
    await describe(db, changes, descriptors, (i) => previous.get(items[i]!.id)?.thumbnail === items[i]!.thumbnail);
    for (const id of gone) if (before.has(id)) changes.push({ before: before.get(id) });

    if (known.length) await db.comments.where('itemId').anyOf(known).delete();
    await db.comments.bulkPut(items.flatMap((item) => commentRowsOf(item.id, item.record)));
    // Fetched files stay cached unless the item now points at other bytes (or is gone).
    const incoming = new Map(items.map((item) => [item.id, item]));
    const stale = (kind: 'thumbnail' | 'original') => known.filter((id) => previous.get(id)?.[kind] !== (incoming.get(id)?.[kind] ?? null));
    if (known.length) {
      await db.thumbnails.bulkDelete(stale('thumbnail'));
      await db.files.bulkDelete(stale('original'));
    }
    await dropItemFiles(db, gone);
    await writeItemFiles(db, items.map(({ id, thumbnail, original }) => ({ id, thumbnail, original })));
    // A changed row keeps its primary key: the pk is made from the import time and id.
    await commitItemChanges(db, changes, library.pipeline.observers, now);
    const subscription: Subscription = { ...next, stored, updatedAt: now };
    await writeSubscription(db, subscription);
    return subscription;
  });
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
