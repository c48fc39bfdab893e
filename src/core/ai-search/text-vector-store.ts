/**
 * Embeddings of items' metadata text (512-d, int8 with a scale per vector), packed SHARD_SIZE to an
 * IndexedDB row like the visual descriptors (./descriptor-store.ts); `textSlots` names each item's
 * shard, so the item row is never rewritten by indexing. A removed slot takes the shard's last one.
 * A counter in `state` keeps how many items out of the trash have one. Writers run inside the
 * caller's write transaction.
 */
import type { LibraryDb } from '../storage/library-db';
import type { TextShardRow } from '../storage/rows';
import { EMBEDDING_DIM, toInt8 } from './vector-math';

export const SHARD_SIZE = 512;
const COUNTER_KEY = 'ai-meaning';

export async function embeddedCount(db: LibraryDb): Promise<number> {
  return ((await db.state.get(COUNTER_KEY))?.value as number | undefined) ?? 0;
}

async function addToCounter(db: LibraryDb, delta: number): Promise<void> {
  if (delta !== 0) await db.state.put({ key: COUNTER_KEY, value: (await embeddedCount(db)) + delta });
}

/** Stores an item's embedding (a unit vector), replacing its old one. */
export async function putTextVector(db: LibraryDb, item: { id: string; isDeleted: boolean }, vector: Float32Array): Promise<void> {
  if (vector.length !== EMBEDDING_DIM) throw new RangeError(`An embedding has ${EMBEDDING_DIM} values, not ${vector.length}.`);
  const { bytes, scale } = toInt8(vector);
  const slotRow = await db.textSlots.get(item.id);
  const own = slotRow && (await db.textShards.get(slotRow.shard));
  const slot = own?.ids.indexOf(item.id) ?? -1;
  if (own && slot >= 0) {
    own.data.set(bytes, slot * EMBEDDING_DIM);
    own.scales[slot] = scale;
    await db.textShards.put(own);
    return;
  }
  const last = await db.textShards.orderBy('shard').last();
  const shard = last && last.ids.length < SHARD_SIZE ? last : empty(last ? last.shard + 1 : 0);
  const n = shard.ids.length;
  const data = new Int8Array((n + 1) * EMBEDDING_DIM);
  data.set(shard.data.subarray(0, n * EMBEDDING_DIM));
  data.set(bytes, n * EMBEDDING_DIM);
  const scales = new Float32Array(n + 1);
  scales.set(shard.scales.subarray(0, n));
  scales[n] = scale;
  const trashed = new Uint8Array(n + 1);
  trashed.set(shard.trashed.subarray(0, n));
  trashed[n] = item.isDeleted ? 1 : 0;
  await db.textShards.put({ shard: shard.shard, ids: [...shard.ids, item.id], trashed, scales, data });
  await db.textSlots.put({ id: item.id, shard: shard.shard });
  await addToCounter(db, item.isDeleted ? 0 : 1);
}

const empty = (shard: number): TextShardRow => ({ shard, ids: [], trashed: new Uint8Array(0), scales: new Float32Array(0), data: new Int8Array(0) });

/** Drops items' embeddings (removed items, or items whose text became empty). */
export async function removeTextVectors(db: LibraryDb, ids: readonly string[]): Promise<void> {
  let live = 0;
  for (const [shardNo, inShard] of await byShard(db, ids)) {
    const shard = await db.textShards.get(shardNo);
    if (!shard) continue;
    for (const id of inShard) {
      const slot = shard.ids.indexOf(id);
      if (slot < 0) continue;
      const last = shard.ids.length - 1;
      if (!shard.trashed[slot]) live += 1;
      if (slot !== last) {
        shard.ids[slot] = shard.ids[last]!;
        shard.trashed[slot] = shard.trashed[last]!;
        shard.scales[slot] = shard.scales[last]!;
        shard.data.copyWithin(slot * EMBEDDING_DIM, last * EMBEDDING_DIM, (last + 1) * EMBEDDING_DIM);
        await db.textSlots.put({ id: shard.ids[slot]!, shard: shardNo });
      }
      shard.ids.pop();
      shard.trashed = shard.trashed.slice(0, last);
      shard.scales = shard.scales.slice(0, last);
      shard.data = shard.data.slice(0, last * EMBEDDING_DIM);
    }
    if (shard.ids.length) await db.textShards.put(shard);
    else await db.textShards.delete(shardNo);
  }
  await db.textSlots.bulkDelete([...ids]);
  await addToCounter(db, -live);
}

/** Marks items' embeddings as in or out of the trash (a trashed item is never a result). */
export async function setTextVectorsTrashed(db: LibraryDb, ids: readonly string[], trashed: boolean): Promise<void> {
  let changed = 0;
  for (const [shardNo, inShard] of await byShard(db, ids)) {
    const shard = await db.textShards.get(shardNo);
    if (!shard) continue;
    for (const id of inShard) {
      const slot = shard.ids.indexOf(id);
      if (slot < 0 || Boolean(shard.trashed[slot]) === trashed) continue;
      shard.trashed[slot] = trashed ? 1 : 0;
      changed += 1;
    }
    await db.textShards.put(shard);
  }
  await addToCounter(db, trashed ? -changed : changed);
}

async function byShard(db: LibraryDb, ids: readonly string[]): Promise<Map<number, string[]>> {
  const shards = new Map<number, string[]>();
  for (const row of await db.textSlots.bulkGet([...ids])) {
    if (!row) continue;
    shards.set(row.shard, [...(shards.get(row.shard) ?? []), row.id]);
  }
  return shards;
}

/** Calls `visit` with each embedding of an item out of the trash. */
export async function eachLiveTextVector(db: LibraryDb, visit: (id: string, data: Int8Array, at: number, scale: number) => void): Promise<void> {
  await db.textShards.each((shard) => {
    for (let slot = 0; slot < shard.ids.length; slot++) {
      if (!shard.trashed[slot]) visit(shard.ids[slot]!, shard.data, slot * EMBEDDING_DIM, shard.scales[slot]!);
    }
  });
}
