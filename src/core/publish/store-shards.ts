/**
 * Stores published shards in a subscribed library through the one write pipeline
 * (`commitItemChanges` with the item observers, as the Eagle import does), so the search index,
 * tags, folders, smart-folder counts and AI indexes follow. Thumbnails and originals are not
 * fetched here: each item only records where they are (lazy-files.ts).
 */
import type { OpenLibrary } from '../storage/open-library';
import { commentRowsOf, itemRowOf } from '../eagle-library/item-record';
import { commitItemChanges, type ItemChange } from '../storage/item-changes';
import { writeTransaction } from '../storage/write';
import type { Shard } from './published-format';
import { dropItemFiles, readItemFilesOf, readSubscription, writeItemFiles, writeSubscription, type Subscription } from './subscription-state';

export interface ShardWrite {
  file: string;
  shard: Shard;
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
    const changes: ItemChange[] = items.map((item) => {
      const after = itemRowOf({ id: item.id, record: item.record, fileSize: item.size, hasFile: item.hasFile, thumbnail: item.thumbnail ? 'ready' : 'none' });
      const old = before.get(item.id);
      // A changed row keeps its primary key, so it replaces the stored one.
      return { before: old, after: old ? { ...after, pk: old.pk } : after };
    });
    for (const id of gone) if (before.has(id)) changes.push({ before: before.get(id) });

    // Only items stored before can have comments, fetched files or file locations to replace (none on a first load).
    const known = ids.filter((id) => before.has(id));
    if (known.length) await db.comments.where('itemId').anyOf(known).delete();
    await db.comments.bulkPut(items.flatMap((item) => commentRowsOf(item.id, item.record)));
    // Fetched files stay cached unless the item now points at other bytes (or is gone).
    const incoming = new Map(items.map((item) => [item.id, item]));
    const previous = known.length ? await readItemFilesOf(db, known) : [];
    const stale = (kind: 'thumbnail' | 'original') => known.filter((id, i) => previous[i]?.[kind] !== (incoming.get(id)?.[kind] ?? null));
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
