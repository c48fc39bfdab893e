/**
 * Colour palette of an image: median cut over a 5-bit-per-channel histogram of its pixels, then
 * near-identical colours merged. Pure (no canvas), so node tests run it on plain pixel arrays.
 */
import type { Palette } from '../core/media/media-processor';

export const MAX_PALETTE_COLOURS = 8;
/** Pixels more transparent than this are not part of the picture's colours. */
const MIN_ALPHA = 125;
/** Colours closer than this (RGB distance) are one colour to the eye; median cut may split them. */
const MERGE_DISTANCE = 24;

const BITS = 5;
const SHIFT = 8 - BITS;
const SIDE = 1 << BITS;

interface Box {
  bins: number[];
  count: number;
}

/** `rgba`: 4 bytes per pixel, as `ImageData.data`. Ratios are percentages, largest first. */
export function extractPalette(rgba: ArrayLike<number>, maxColours = MAX_PALETTE_COLOURS): Palette[] {
  const { counts, sums, total } = histogram(rgba);
  if (total === 0) return [];
  const occupied: number[] = [];
  for (let bin = 0; bin < counts.length; bin++) if (counts[bin]! > 0) occupied.push(bin);
  const boxes = medianCut({ bins: occupied, count: total }, counts, maxColours);
  const colours = boxes.map((box) => summarise(box, sums));
  return merge(colours)
    .map(({ color, count }) => ({ color, ratio: Math.round((count / total) * 10000) / 100 }))
    .filter((p) => p.ratio > 0)
    .sort((a, b) => b.ratio - a.ratio || compareColours(a.color, b.color));
}

function histogram(rgba: ArrayLike<number>) {
  const counts = new Uint32Array(SIDE * SIDE * SIDE);
  const sums = new Float64Array(counts.length * 3);
  let total = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3]! < MIN_ALPHA) continue;
    const r = rgba[i]!, g = rgba[i + 1]!, b = rgba[i + 2]!;
    const bin = ((r >> SHIFT) << (2 * BITS)) | ((g >> SHIFT) << BITS) | (b >> SHIFT);
    counts[bin]! += 1;
    sums[bin * 3]! += r;
    sums[bin * 3 + 1]! += g;
    sums[bin * 3 + 2]! += b;
    total += 1;
  }
  return { counts, sums, total };
}

const channel = (bin: number, c: number) => (bin >> ((2 - c) * BITS)) & (SIDE - 1);

function widest(box: Box): { channel: number; range: number } {
  let best = { channel: 0, range: -1 };
  for (let c = 0; c < 3; c++) {
    let min = SIDE, max = -1;
    for (const bin of box.bins) {
      const v = channel(bin, c);
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (max - min > best.range) best = { channel: c, range: max - min };
  }
  return best;
}

/** Splits the most populous, most varied box at its population median until `max` boxes exist. */
function medianCut(first: Box, counts: Uint32Array, max: number): Box[] {
  const boxes = [first];
  while (boxes.length < max) {
    let pick = -1, score = 0;
    boxes.forEach((box, i) => {
      const s = box.bins.length > 1 ? box.count * (widest(box).range + 1) : 0;
      if (s > score) [pick, score] = [i, s];
    });
    if (pick < 0) break;
    const box = boxes[pick]!;
    const axis = widest(box).channel;
    const sorted = [...box.bins].sort((a, b) => channel(a, axis) - channel(b, axis));
    let seen = 0, cut = 1;
    for (let i = 0; i < sorted.length - 1; i++) {
      seen += counts[sorted[i]!]!;
      cut = i + 1;
      if (seen * 2 >= box.count) break;
    }
    const low = sorted.slice(0, cut), high = sorted.slice(cut);
    const lowCount = low.reduce((n, bin) => n + counts[bin]!, 0);
    boxes.splice(pick, 1, { bins: low, count: lowCount }, { bins: high, count: box.count - lowCount });
  }
  return boxes;
}

interface Colour {
  color: [number, number, number];
  count: number;
}

function summarise(box: Box, sums: Float64Array): Colour {
  const rgb = [0, 0, 0];
  for (const bin of box.bins) for (let c = 0; c < 3; c++) rgb[c]! += sums[bin * 3 + c]!;
  const color = rgb.map((v) => Math.round(v / box.count)) as [number, number, number];
  return { color, count: box.count };
}

function merge(colours: Colour[]): Colour[] {
  const kept: Colour[] = [];
  for (const colour of [...colours].sort((a, b) => b.count - a.count)) {
    const near = kept.find((k) => distance(k.color, colour.color) < MERGE_DISTANCE);
    if (!near) {
      kept.push({ ...colour });
      continue;
    }
    const total = near.count + colour.count;
    near.color = near.color.map((v, c) => Math.round((v * near.count + colour.color[c]! * colour.count) / total)) as Colour['color'];
    near.count = total;
  }
  return kept;
}

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
const compareColours = (a: readonly number[], b: readonly number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
