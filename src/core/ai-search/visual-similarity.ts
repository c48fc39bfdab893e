/**
 * How alike two pictures look, from their descriptors (./descriptor-layout.ts): colour histogram
 * (Hellinger affinity; blind to mirroring and cropping), 4×4 colour layout (cosine, the better of
 * straight and mirrored) and difference hashes (the nearest of whole, mirror and centre pairs).
 * Near-duplicates (close hashes and alike colours) score above 0.8, everything else below.
 */
import { lazyValue } from '../shared/lazy-value';
import {
  CENTRE_HASH_AT,
  HASH_AT,
  HASH_BYTES,
  HISTOGRAM_AT,
  HISTOGRAM_BINS,
  LAYOUT_AT,
  LAYOUT_SIDE,
  MIRROR_HASH_AT,
} from './descriptor-layout';

/** Hashes this close (of 64 bits) mean the same picture, re-encoded, resized, brightened, mirrored or cropped. */
export const NEAR_DUPLICATE_BITS = 12;
/** ...provided the colours agree this much (a flat picture's hash says little). */
const NEAR_DUPLICATE_HISTOGRAM = 0.5;
const WEIGHTS = { histogram: 0.5, layout: 0.2, hash: 0.3 };

export interface VisualMatch {
  score: number;
  nearDuplicate: boolean;
}

/** `query` is one descriptor; the other is at `at` in `stored` (a shard's packed descriptors). */
export function compareDescriptors(query: Uint8Array, stored: Uint8Array, at: number): VisualMatch {
  let histogram = 0;
  for (let i = 0; i < HISTOGRAM_BINS; i++) histogram += query[HISTOGRAM_AT + i]! * stored[at + HISTOGRAM_AT + i]!;
  histogram /= 255 * 255;
  const layout = Math.max(layoutCosine(query, stored, at, false), layoutCosine(query, stored, at, true));
  const bits = Math.min(
    hamming(query, HASH_AT, stored, at + HASH_AT),
    hamming(query, HASH_AT, stored, at + MIRROR_HASH_AT),
    hamming(query, HASH_AT, stored, at + CENTRE_HASH_AT),
    hamming(query, CENTRE_HASH_AT, stored, at + HASH_AT),
  );
  const nearDuplicate = bits <= NEAR_DUPLICATE_BITS && histogram >= NEAR_DUPLICATE_HISTOGRAM;
  if (nearDuplicate) return { nearDuplicate, score: 0.8 + 0.2 * (1 - bits / (NEAR_DUPLICATE_BITS + 1)) };
  const combined =
    WEIGHTS.histogram * Math.min(1, histogram) + WEIGHTS.layout * ((layout + 1) / 2) + WEIGHTS.hash * Math.max(0, 1 - bits / 32);
  return { nearDuplicate, score: 0.8 * combined };
}

const int8 = (byte: number) => (byte << 24) >> 24;

/** Both layouts are unit vectors × 127; `mirror` reads the stored one with its columns swapped. */
function layoutCosine(query: Uint8Array, stored: Uint8Array, at: number, mirror: boolean): number {
  let dot = 0;
  for (let y = 0; y < LAYOUT_SIDE; y++) {
    for (let x = 0; x < LAYOUT_SIDE; x++) {
      const q = LAYOUT_AT + (y * LAYOUT_SIDE + x) * 3;
      const s = at + LAYOUT_AT + (y * LAYOUT_SIDE + (mirror ? LAYOUT_SIDE - 1 - x : x)) * 3;
      for (let c = 0; c < 3; c++) dot += int8(query[q + c]!) * int8(stored[s + c]!);
    }
  }
  return dot / (127 * 127);
}

const popcount = lazyValue(() =>
  Uint8Array.from({ length: 256 }, (_, n) => {
    let bits = 0;
    for (let v = n; v; v >>= 1) bits += v & 1;
    return bits;
  }),
);

function hamming(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number): number {
  const table = popcount();
  let bits = 0;
  for (let i = 0; i < HASH_BYTES; i++) bits += table[a[aAt + i]! ^ b[bAt + i]!]!;
  return bits;
}
