/**
 * Near pairs of 64-bit hashes without comparing all pairs: multi-index hashing. Each hash is cut
 * into 4 blocks of 16 bits; two hashes at most t = 4r + s bits apart (s < 4) differ in at most r
 * bits of some block (pigeonhole), so each hash looks only in the buckets of its blocks' values
 * within that radius. Sharper: unless some block differs in fewer than r bits, at most s blocks
 * differ in more than r, so one of any s + 1 blocks differs in exactly r. Each hash therefore
 * probes every block within r − 1 bits and only the first s + 1 blocks at exactly r bits: at t = 8,
 * 4 × 17 + 120 = 188 probes instead of 4 × 137. A bucket is a counting sort of the hashes by one
 * block (typed arrays, no maps): 100,000 hashes are 65,537 starts plus 100,000 positions a block.
 */

const BLOCKS = 4;
const BUCKETS = 1 << 16;

/** Hashes as two 32-bit halves, `hi[i]` and `lo[i]`. */
export interface PackedHashes {
  hi: Uint32Array;
  lo: Uint32Array;
}

export function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export const hashDistance = (hashes: PackedHashes, a: number, b: number) =>
  bitCount(hashes.hi[a]! ^ hashes.hi[b]!) + bitCount(hashes.lo[a]! ^ hashes.lo[b]!);

const blockOf = (hashes: PackedHashes, i: number, block: number) =>
  block < 2 ? (hashes.lo[i]! >>> (block * 16)) & 0xffff : (hashes.hi[i]! >>> ((block - 2) * 16)) & 0xffff;

/** Every 16-bit mask with `low` to `high` bits set. */
function masksWith(low: number, high: number): Uint16Array {
  const masks: number[] = [];
  for (let mask = 0; mask < BUCKETS; mask++) if (bitCount(mask) >= low && bitCount(mask) <= high) masks.push(mask);
  return Uint16Array.from(masks);
}

/**
 * Calls `visit(a, b, bits)` with a < b for each pair at most `maxBits` apart (a pair may be
 * visited once per block it shares within the radius; callers' unions do not mind).
 */
export function nearPairs(hashes: PackedHashes, maxBits: number, visit: (a: number, b: number, bits: number) => void): void {
  const count = hashes.hi.length;
  const radius = Math.floor(maxBits / BLOCKS);
  const within = masksWith(0, radius - 1);
  const atRadius = masksWith(radius, radius);
  const withRadius = Uint16Array.from([...within, ...atRadius]);
  const starts = new Uint32Array(BUCKETS + 1);
  const order = new Uint32Array(count);
  for (let block = 0; block < BLOCKS; block++) {
    const masks = block <= maxBits % BLOCKS ? withRadius : within;
    if (masks.length === 0) continue;
    starts.fill(0);
    for (let i = 0; i < count; i++) starts[blockOf(hashes, i, block) + 1]! += 1;
    for (let v = 0; v < BUCKETS; v++) starts[v + 1]! += starts[v]!;
    const filled = starts.slice(0, BUCKETS);
    for (let i = 0; i < count; i++) order[filled[blockOf(hashes, i, block)]!++] = i;
    for (let a = 0; a < count; a++) {
      const own = blockOf(hashes, a, block);
      for (const mask of masks) {
        const value = own ^ mask;
        for (let at = starts[value]!, end = starts[value + 1]!; at < end; at++) {
          const b = order[at]!;
          if (b <= a) continue;
          const bits = hashDistance(hashes, a, b);
          if (bits <= maxBits) visit(a, b, bits);
        }
      }
    }
  }
}
