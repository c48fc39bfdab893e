/**
 * item/duplicates over BENCH_N items (100,000 by default) in a library of its own, written straight
 * into IndexedDB as the media queue and item/add would have left it: item rows, packed descriptors
 * (random; slots 1, 101, 201, ... of each shard copy the slot before with 0-7 hash bits flipped)
 * and files rows with their content hash (one in 200 shares the bytes of the item before). The
 * grouping reads only the hash index's keys, never a blob, so each file row holds a one-byte blob.
 * Baseline, in this page on the same database: the reads the grouping cannot avoid (the items'
 * primary keys, the hash index, every descriptor shard), without the grouping.
 */
import { ApiClient } from '../../../tests/loose-client';
import { DESCRIPTOR_BYTES, HASH_AT } from '../../../src/core/ai-search/descriptor-layout';
import { eachLiveDescriptor, SHARD_SIZE } from '../../../src/core/ai-search/descriptor-store';
import { LibraryDb } from '../../../src/core/storage/library-db';
import type { DescriptorShardRow, FileRow } from '../../../src/core/storage/rows';
import type { BenchContext } from '../context';
import { repeat } from '../repeat';
import type { Scenario } from '../scenario';
import { pictureRows } from './ai-search';

async function makeLibrary(ctx: BenchContext): Promise<{ api: ApiClient; db: LibraryDb; count: number; near: number }> {
  const count = ctx.settings.n;
  await ctx.driver.log(`writing ${count} items with descriptors and content hashes for the duplicates row`);
  const path = await ctx.newLibrary('duplicates', itemDuplicates.id);
  const db = new LibraryDb(ctx.core.open(await ctx.core.registry.require(path)).db.name);
  let state = 4242;
  const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const rows = pictureRows(count, Date.now());
  const shards: DescriptorShardRow[] = [];
  let near = 0;
  for (let shard = 0; shard * SHARD_SIZE < count; shard++) {
    const slice = rows.slice(shard * SHARD_SIZE, (shard + 1) * SHARD_SIZE);
    const data = new Uint8Array(slice.length * DESCRIPTOR_BYTES);
    for (let i = 0; i < data.length; i++) data[i] = Math.floor(random() * 256);
    // Every hundredth descriptor copies the one before it, 0-7 hash bits flipped.
    for (let slot = 1; slot < slice.length; slot += 100) {
      near += 1;
      data.copyWithin(slot * DESCRIPTOR_BYTES, (slot - 1) * DESCRIPTOR_BYTES, slot * DESCRIPTOR_BYTES);
      for (let flips = Math.floor(random() * 8); flips > 0; flips--) data[slot * DESCRIPTOR_BYTES + HASH_AT + Math.floor(random() * 8)]! ^= 1 << Math.floor(random() * 8);
    }
    shards.push({ shard, ids: slice.map((row) => row.id), trashed: new Uint8Array(slice.length), data });
  }
  const byte = new Blob([new Uint8Array(1)]);
  const files: FileRow[] = rows.map((row, i) => ({ id: row.id, blob: byte, sha256: (i % 200 === 7 ? i - 1 : i).toString(16).padStart(64, '0') }));
  await db.transaction('rw', db.items, db.files, db.descriptorShards, db.state, async () => {
    await db.items.bulkAdd(rows);
    await db.files.bulkAdd(files);
    await db.descriptorShards.bulkAdd(shards);
    await db.state.put({ key: 'ai-visual', value: { described: count } });
  });
  return { api: new ApiClient({ library: path }), db, count, near };
}

/** What any grouping must read: ids, the hash index, every descriptor. */
async function rawScan(db: LibraryDb): Promise<number> {
  let seen = 0;
  await db.items.toCollection().primaryKeys();
  seen += (await db.files.orderBy('sha256').keys()).length;
  await db.files.orderBy('sha256').primaryKeys();
  await eachLiveDescriptor(db, () => (seen += 1));
  return seen;
}

export const itemDuplicates: Scenario = {
  id: 'item-duplicates',
  label: 'item/duplicates: group exact and near duplicates',
  unit: 'ms',
  goal: { maxMedian: 10_000 },
  standalone: true,
  async measure(ctx) {
    const { api, db, count, near } = await makeLibrary(ctx);
    let groups = 0;
    const result = await repeat({
      runs: Math.min(ctx.settings.runs, 10),
      warmup: 1,
      subject: { run: async () => (groups = (await api.post<{ total: number }>('/item/duplicates', { limit: 1 })).total) },
      baseline: { label: 'the reads alone in this page (keys, hash index, descriptor shards)', run: () => rawScan(db) },
    });
    return { ...result, note: `${count} items, ${groups} groups found (planted: ${Math.floor(count / 200)} pairs of same bytes, ${near} near copies); goal < 10 s` };
  },
};
