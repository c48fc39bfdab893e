// The background load's batches (src/core/publish/shard-batches.ts): whole shards grouped to the
// plan's sizes, fetched no further ahead than the plan allows, and a failed shard ending them
// after the shards fetched before it.
import { describe, expect, it } from 'vitest';
import { shardBatches } from '../../src/core/publish/shard-batches';
import type { ShardRef } from '../../src/core/publish/published-format';
import type { ShardWrite } from '../../src/core/publish/store-shards';

const refs = (sizes: number[]): ShardRef[] => sizes.map((items, i) => ({ file: `shards/items-${i}.json`, items }));
const write = (ref: ShardRef): ShardWrite => ({ file: ref.file, shard: { items: Array.from({ length: ref.items }, (_, i) => ({ id: `${ref.file}:${i}`, record: {}, size: 0, hasFile: false })) } });
const files = (batch: ShardWrite[]) => batch.map((w) => w.file.replace(/^shards\/items-(\d+)\.json$/, '$1'));

describe('shardBatches', () => {
  it('groups whole shards until each batch holds its planned items, fetching ahead only as far as the plan says', async () => {
    const started: string[] = [];
    const shards = refs([100, 300, 200, 400, 100, 100, 600, 50]);
    const fetchShard = async (ref: ShardRef) => {
      started.push(ref.file);
      return write(ref);
    };
    const batches: string[][] = [];
    const startedAtYield: number[] = [];
    for await (const batch of shardBatches(shards, fetchShard, { items: (i) => [350, 700][i] ?? 1000, aheadItems: () => 500 })) {
      batches.push(files(batch));
      startedAtYield.push(started.length);
    }
    expect(batches).toEqual([['0', '1'], ['2', '3', '4'], ['5', '6', '7']]);
    // While the first batch was handed out, shards were fetched ahead up to 500 items (200 + 300 would pass it: 200 only).
    expect(startedAtYield[0]).toBe(3);
    expect(started).toEqual(shards.map((shard) => shard.file));
  });

  it('a shard that cannot be fetched ends the batches: the shards of its batch fetched before it first, then its error', async () => {
    const shards = refs([100, 100, 100, 100]);
    const fetchShard = async (ref: ShardRef) => {
      if (ref.file.includes('-2.')) throw new Error(`${ref.file}: answered HTTP 404.`);
      return write(ref);
    };
    const batches: string[][] = [];
    const run = async () => {
      for await (const batch of shardBatches(shards, fetchShard, { items: () => 1000, aheadItems: () => 1000 })) batches.push(files(batch));
    };
    await expect(run()).rejects.toThrow('shards/items-2.json: answered HTTP 404.');
    expect(batches).toEqual([['0', '1']]);
  });
});
