/**
 * Visual descriptors, packed SHARD_SIZE to an IndexedDB row (one row per item would be ~8× slower
 * to read). An item row names its shard (`descriptorShard`); a removed slot is filled by the
 * shard's last one. A counter in `state` keeps how many items not in the trash have one, for
 * aiSearch/getSyncStatus. Every writer runs inside the caller's write transaction.
 */
import type { LibraryDb } from '../storage/library-db';
import type { DescriptorShardRow, ItemRow } from '../storage/rows';
import { DESCRIPTOR_BYTES } from './descriptor-layout';

export const SHARD_SIZE = 512;
const COUNTER_KEY = 'ai-visual';

interface VisualCounter {
  /** Items out of the trash that have a descriptor. */
  described: number;
}

export async function describedCount(db: LibraryDb): Promise<number> {
  return ((await db.state.get(COUNTER_KEY))?.value as VisualCounter | undefined)?.described ?? 0;
}

async function addToCounter(db: LibraryDb, delta: number): Promise<void> {
  if (delta === 0) return;
  await db.state.put({ key: COUNTER_KEY, value: { described: (await describedCount(db)) + delta } satisfies VisualCounter });
}

/** Stores the item's descriptor (replacing its old one); answers the shard to keep on the row. */
export async function putDescriptor(db: LibraryDb, item: ItemRow, descriptor: Uint8Array): Promise<number> {
  return (await putDescriptors(db, [{ item, descriptor }]))[0]!;
}

/**
 * Stores several items' descriptors (replacing their old ones), reading and writing each shard
 * touched once: a published shard's 512 descriptors arrive together. Answers each item's shard, in
 * order.
 */
export async function putDescriptors(db: LibraryDb, entries: readonly { item: ItemRow; descriptor: Uint8Array }[]): Promise<number[]> {
  for (const { descriptor } of entries) if (descriptor.length !== DESCRIPTOR_BYTES) throw new RangeError(`A descriptor has ${DESCRIPTOR_BYTES} bytes, not ${descriptor.length}.`);
  const out: number[] = new Array(entries.length);
  // Replaced in their own slots.
  const fresh: number[] = [];
  const owners = new Map<number, number[]>();
  entries.forEach(({ item }, i) => {
    if (item.descriptorShard === undefined) fresh.push(i);
    else owners.set(item.descriptorShard, [...(owners.get(item.descriptorShard) ?? []), i]);
  });
  for (const [shardNo, indexes] of owners) {
    const own = await db.descriptorShards.get(shardNo);
    for (const i of indexes) {
      const slot = own?.ids.indexOf(entries[i]!.item.id) ?? -1;
      if (own && slot >= 0) {
        own.data.set(entries[i]!.descriptor, slot * DESCRIPTOR_BYTES);
        out[i] = shardNo;
      } else fresh.push(i);
    }
    if (own) await db.descriptorShards.put(own);
  }
  // Appended: to the last shard while it has room, then to new ones.
  let live = 0;
  let at = 0;
  let shard = (await db.descriptorShards.orderBy('shard').last()) ?? empty(0);
  while (at < fresh.length) {
    if (shard.ids.length >= SHARD_SIZE) shard = empty(shard.shard + 1);
    const taken = fresh.slice(at, at + SHARD_SIZE - shard.ids.length);
    const count = shard.ids.length + taken.length;
    const data = new Uint8Array(count * DESCRIPTOR_BYTES);
    data.set(shard.data.subarray(0, shard.ids.length * DESCRIPTOR_BYTES));
    const trashed = new Uint8Array(count);
    trashed.set(shard.trashed.subarray(0, shard.ids.length));
    const ids = [...shard.ids];
    for (const i of taken) {
      const { item, descriptor } = entries[i]!;
      data.set(descriptor, ids.length * DESCRIPTOR_BYTES);
      trashed[ids.length] = item.isDeleted ? 1 : 0;
      ids.push(item.id);
      if (!item.isDeleted) live += 1;
      out[i] = shard.shard;
    }
    shard = { shard: shard.shard, ids, trashed, data };
    await db.descriptorShards.put(shard);
    at += taken.length;
  }
  await addToCounter(db, live);
  return out;
}

const empty = (shard: number): DescriptorShardRow => ({ shard, ids: [], trashed: new Uint8Array(0), data: new Uint8Array(0) });

/** Drops the descriptors of items (removed, or no longer decodable). */
export async function removeDescriptors(db: LibraryDb, items: readonly ItemRow[]): Promise<void> {
  let live = 0;
  for (const [shardNo, ids] of byShard(items)) {
    const shard = await db.descriptorShards.get(shardNo);
    if (!shard) continue;
    for (const id of ids) {
      const slot = shard.ids.indexOf(id);
      if (slot < 0) continue;
      const last = shard.ids.length - 1;
      if (!shard.trashed[slot]) live += 1;
      shard.ids[slot] = shard.ids[last]!;
      shard.trashed[slot] = shard.trashed[last]!;
      shard.data.copyWithin(slot * DESCRIPTOR_BYTES, last * DESCRIPTOR_BYTES, (last + 1) * DESCRIPTOR_BYTES);
      shard.ids.pop();
      shard.trashed = shard.trashed.slice(0, last);
      shard.data = shard.data.slice(0, last * DESCRIPTOR_BYTES);
    }
    if (shard.ids.length) await db.descriptorShards.put(shard);
    else await db.descriptorShards.delete(shardNo);
  }
  await addToCounter(db, -live);
}

/** Marks items' descriptors as in or out of the trash (a trashed item is never a result). */
export async function setDescriptorsTrashed(db: LibraryDb, items: readonly ItemRow[], trashed: boolean): Promise<void> {
  let changed = 0;
  for (const [shardNo, ids] of byShard(items)) {
    const shard = await db.descriptorShards.get(shardNo);
    if (!shard) continue;
    for (const id of ids) {
      const slot = shard.ids.indexOf(id);
      if (slot < 0 || Boolean(shard.trashed[slot]) === trashed) continue;
      shard.trashed[slot] = trashed ? 1 : 0;
      changed += 1;
    }
    await db.descriptorShards.put(shard);
  }
  await addToCounter(db, trashed ? -changed : changed);
}

function byShard(items: readonly ItemRow[]): Map<number, string[]> {
  const shards = new Map<number, string[]>();
  for (const item of items) {
    if (item.descriptorShard === undefined) continue;
    const ids = shards.get(item.descriptorShard) ?? [];
    ids.push(item.id);
    shards.set(item.descriptorShard, ids);
  }
  return shards;
}

export { eachLiveDescriptor } from '../storage/descriptor-scan';
