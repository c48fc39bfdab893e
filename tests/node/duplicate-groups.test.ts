// The pure parts of item/duplicates: multi-index hashing finds exactly the pairs a comparison of all
// pairs finds, and groups are connected components of same-bytes sets and confirmed near pairs.
import { describe, expect, it } from 'vitest';
import { groupDuplicates } from '../../src/core/duplicates/duplicate-groups';
import { bitCount, hashDistance, nearPairs, type PackedHashes } from '../../src/core/duplicates/hash-index';

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` random hashes, and a copy of every fifth one with up to 12 bits flipped. */
function hashesWithCopies(count: number, seed: number): PackedHashes {
  const next = random(seed);
  const hi: number[] = [], lo: number[] = [];
  for (let i = 0; i < count; i++) {
    hi.push((next() * 2 ** 32) >>> 0);
    lo.push((next() * 2 ** 32) >>> 0);
    if (i % 5 === 0) {
      let h = hi[i]!, l = lo[i]!;
      for (let flips = Math.floor(next() * 13); flips > 0; flips--) {
        const bit = Math.floor(next() * 64);
        if (bit < 32) l ^= 1 << bit;
        else h ^= 1 << (bit - 32);
      }
      hi.push(h >>> 0);
      lo.push(l >>> 0);
    }
  }
  return { hi: Uint32Array.from(hi), lo: Uint32Array.from(lo) };
}

function allPairs(hashes: PackedHashes, maxBits: number): string[] {
  const pairs: string[] = [];
  for (let a = 0; a < hashes.hi.length; a++) for (let b = a + 1; b < hashes.hi.length; b++) if (hashDistance(hashes, a, b) <= maxBits) pairs.push(`${a}-${b}`);
  return pairs.sort();
}

function indexedPairs(hashes: PackedHashes, maxBits: number): string[] {
  const pairs = new Set<string>();
  nearPairs(hashes, maxBits, (a, b, bits) => {
    expect(a).toBeLessThan(b);
    expect(bits).toBe(hashDistance(hashes, a, b));
    pairs.add(`${a}-${b}`);
  });
  return [...pairs].sort();
}

describe('multi-index hashing', () => {
  it('counts bits', () => {
    expect([0, 1, 0xff, 0x80000000, 0xffffffff].map(bitCount)).toEqual([0, 1, 8, 1, 32]);
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])('finds every pair within %i bits that comparing all pairs finds, and no other', (maxBits) => {
    const hashes = hashesWithCopies(600, 7 + maxBits);
    const expected = allPairs(hashes, maxBits);
    expect(indexedPairs(hashes, maxBits)).toEqual(expected);
    if (maxBits >= 7) expect(expected.length).toBeGreaterThan(20);
  });
});

const packed = (values: bigint[]): PackedHashes => ({
  hi: Uint32Array.from(values.map((v) => Number(v >> 32n))),
  lo: Uint32Array.from(values.map((v) => Number(v & 0xffffffffn))),
});

describe('groupDuplicates', () => {
  const base = 0x0123456789abcdefn;
  const rank = (id: string) => id;

  it('joins same bytes and near pictures into components, in import order, exact only when all bytes agree', () => {
    const groups = groupDuplicates({
      sameBytes: [['c', 'a'], ['x', 'y']],
      // b is 3 bits from a, e is 3 bits from b (6 from a): a chain joins them; f is far.
      pictures: { ids: ['a', 'b', 'e', 'f'], hashes: packed([base, base ^ 0b111n, base ^ 0b111111n, ~base & 0xffffffffffffffffn]), alike: () => true },
      maxBits: 4,
      rank,
    });
    expect(groups).toEqual([
      { kind: 'similar', items: [{ id: 'a', score: 1 }, { id: 'b', score: 1 - 3 / 64 }, { id: 'c', score: 1 }, { id: 'e', score: 1 - 6 / 64 }] },
      { kind: 'exact', items: [{ id: 'x', score: 1 }, { id: 'y', score: 1 }] },
    ]);
  });

  it('scores an item without a picture hash through an item holding its bytes', () => {
    // "z" (no descriptor yet) holds b's bytes; a is first, b is 2 bits from it.
    const groups = groupDuplicates({ sameBytes: [['b', 'z']], pictures: { ids: ['a', 'b'], hashes: packed([base, base ^ 0b11n]), alike: () => true }, maxBits: 4, rank });
    expect(groups).toEqual([{ kind: 'similar', items: [{ id: 'a', score: 1 }, { id: 'b', score: 1 - 2 / 64 }, { id: 'z', score: 1 - 2 / 64 }] }]);
  });

  it('leaves a near pair apart when the second check says the pictures differ', () => {
    const pictures = { ids: ['a', 'b'], hashes: packed([base, base ^ 1n]) };
    expect(groupDuplicates({ sameBytes: [], pictures: { ...pictures, alike: () => false }, maxBits: 8, rank })).toEqual([]);
    expect(groupDuplicates({ sameBytes: [], pictures: { ...pictures, alike: () => true }, maxBits: 0, rank })).toEqual([]);
    expect(groupDuplicates({ sameBytes: [], pictures: { ...pictures, alike: () => true }, maxBits: 1, rank })).toHaveLength(1);
  });
});
