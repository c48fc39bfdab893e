// Content-defined shard cuts: bounded shards, and an insertion disturbs only the shard it lands in.
import { describe, expect, it } from 'vitest';
import { shardIds } from '../../src/core/publish/shard-cuts';
import { eagleId } from './fixtures/eagle-library';

const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => eagleId(1_760_000_000_000 + (from + i) * 1000, from + i));

describe('shardIds', () => {
  it('keeps every id once, in id order, with no shard over four times the target', () => {
    const all = ids(0, 5000);
    const shards = shardIds([...all].reverse(), 64);
    expect(shards.flat()).toEqual([...all].sort());
    expect(Math.max(...shards.map((shard) => shard.length))).toBeLessThanOrEqual(256);
    expect(shards.length).toBeGreaterThan(40);
  });

  it.each([
    ['appended at the end', ids(5000, 10)],
    ['inserted in the middle', [`${eagleId(1_760_000_000_000 + 2500 * 1000, 2500).slice(0, 12)}Z`]],
  ])('ids %s change only the shards around them', (_case, added) => {
    const before = shardIds(ids(0, 5000), 64).map((shard) => shard.join());
    const after = new Set(shardIds([...ids(0, 5000), ...added], 64).map((shard) => shard.join()));
    const changed = before.filter((shard) => !after.has(shard));
    expect(changed.length).toBeLessThanOrEqual(1);
  });
});
