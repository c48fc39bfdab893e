/**
 * The visual descriptor (layout in src/core/ai-search/descriptor-layout.ts) from the pixels of a
 * picture scaled to WORK_SIDE × WORK_SIDE. Pure, so node tests run it on plain arrays; about
 * 0.2 ms per picture.
 */
import { COLOUR_NAMES, nameOfPixel } from '../shared/ai/colour-names';
import {
  CENTRE_HASH_AT,
  COLOURS_AT,
  CENTRE_SHARE,
  DESCRIPTOR_BYTES,
  GREYS,
  HASH_AT,
  HISTOGRAM_AT,
  HISTOGRAM_BINS,
  HUES,
  LAYOUT_AT,
  LAYOUT_SIDE,
  MIRROR_HASH_AT,
  SATURATIONS,
  VALUES,
  WORK_SIDE,
} from '../shared/ai/descriptor-layout';

/** Darker than this is black, whatever its hue. */
const BLACK = 0.15;
/** Less saturated than this is a grey. */
const GREY = 0.2;
const MIN_ALPHA = 125;
/** Neighbours closer than this (grey levels) are equal: flat areas give 0 bits, not rounding noise. */
const TIE = 0.5;
const COLOUR_INDEX = Object.fromEntries(COLOUR_NAMES.map((name, i) => [name, i])) as Record<(typeof COLOUR_NAMES)[number], number>;

/** `rgba`: WORK_SIDE² pixels, 4 bytes each (ImageData.data). */
export function describePixels(rgba: ArrayLike<number>): Uint8Array {
  const side = WORK_SIDE;
  if (rgba.length !== side * side * 4) throw new RangeError(`A descriptor needs ${side}x${side} pixels.`);
  const out = new Uint8Array(DESCRIPTOR_BYTES);
  const grey = new Float64Array(side * side);
  const counts = new Float64Array(HISTOGRAM_BINS);
  const named = new Float64Array(COLOUR_NAMES.length);
  const layout = new Float64Array(LAYOUT_SIDE * LAYOUT_SIDE * 3);
  const block = side / LAYOUT_SIDE;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 4;
      // Transparent pixels count as white, as the app shows them on a light background.
      const a = rgba[i + 3]! < MIN_ALPHA ? 0 : 1;
      const r = a ? rgba[i]! : 255, g = a ? rgba[i + 1]! : 255, b = a ? rgba[i + 2]! : 255;
      grey[y * side + x] = 0.299 * r + 0.587 * g + 0.114 * b;
      addToHistogram(counts, r, g, b);
      named[COLOUR_INDEX[nameOfPixel(r, g, b)]]! += 1;
      const cell = (Math.floor(y / block) * LAYOUT_SIDE + Math.floor(x / block)) * 3;
      layout[cell]! += r;
      layout[cell + 1]! += g;
      layout[cell + 2]! += b;
    }
  }
  const total = side * side;
  for (let bin = 0; bin < HISTOGRAM_BINS; bin++) out[HISTOGRAM_AT + bin] = Math.round(Math.sqrt(counts[bin]! / total) * 255);
  writeUnitInt8(layout, out, LAYOUT_AT);
  named.forEach((count, i) => (out[COLOURS_AT + i] = Math.round((count / total) * 255)));
  const margin = (side * (1 - CENTRE_SHARE)) / 2;
  writeHash(grey, side, 0, 0, side, side, false, out, HASH_AT);
  writeHash(grey, side, 0, 0, side, side, true, out, MIRROR_HASH_AT);
  writeHash(grey, side, margin, margin, side - margin, side - margin, false, out, CENTRE_HASH_AT);
  return out;
}

/**
 * Adds one pixel to the histogram, its weight shared between the two nearest bins of hue,
 * saturation and value (soft binning): a brightened or recompressed copy then moves weight
 * between neighbouring bins instead of jumping to another one.
 */
function addToHistogram(counts: Float64Array, r: number, g: number, b: number): void {
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  const v = max / 255;
  const s = max === 0 ? 0 : (max - min) / max;
  const chromatic = HUES * SATURATIONS * VALUES;
  if (v < BLACK) {
    counts[chromatic]! += 1;
    return;
  }
  const [v0, v1, vw] = split(((v - BLACK) / (1 - BLACK)) * VALUES, VALUES, false);
  if (s < GREY) {
    const [g0, g1, gw] = split(((v - BLACK) / (1 - BLACK)) * (GREYS - 1), GREYS - 1, false);
    counts[chromatic + 1 + g0]! += 1 - gw;
    counts[chromatic + 1 + g1]! += gw;
    return;
  }
  const d = max - min;
  let h: number;
  if (max === r) h = ((g - b) / d + 6) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  const [h0, h1, hw] = split((h / 6) * HUES, HUES, true);
  const [s0, s1, sw] = split(((s - GREY) / (1 - GREY)) * SATURATIONS, SATURATIONS, false);
  addCell(counts, h0, s0, v0, v1, vw, (1 - hw) * (1 - sw));
  addCell(counts, h0, s1, v0, v1, vw, (1 - hw) * sw);
  addCell(counts, h1, s0, v0, v1, vw, hw * (1 - sw));
  addCell(counts, h1, s1, v0, v1, vw, hw * sw);
}

function addCell(counts: Float64Array, hue: number, sat: number, v0: number, v1: number, vw: number, weight: number): void {
  const base = (hue * SATURATIONS + sat) * VALUES;
  counts[base + v0]! += weight * (1 - vw);
  counts[base + v1]! += weight * vw;
}

/**
 * A position in [0, bins] (bin i covers [i, i + 1)) → the two bins whose centres surround it and
 * the weight of the second. Hue wraps around; the other scales stop at their ends.
 */
function split(position: number, bins: number, wraps: boolean): [number, number, number] {
  const centred = position - 0.5;
  const low = Math.floor(centred);
  const weight = centred - low;
  if (wraps) return [(low + bins) % bins, (low + 1) % bins, weight];
  if (low < 0) return [0, 0, 0];
  if (low >= bins - 1) return [bins - 1, bins - 1, 0];
  return [low, low + 1, weight];
}

/** Zero mean, unit length, × 127, as int8 in two's complement. */
function writeUnitInt8(values: Float64Array, out: Uint8Array, at: number): void {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  let norm = 0;
  for (const v of values) norm += (v - mean) ** 2;
  norm = Math.sqrt(norm) || 1;
  values.forEach((v, i) => (out[at + i] = Math.round(((v - mean) / norm) * 127) & 0xff));
}

/**
 * dHash of a region: the region averaged down to 9×8 cells (fractional pixels weighted), one bit
 * per horizontal neighbour pair, set where the left cell is brighter.
 */
function writeHash(grey: Float64Array, side: number, x0: number, y0: number, x1: number, y1: number, mirror: boolean, out: Uint8Array, at: number): void {
  const cols = 9, rows = 8;
  const cells = new Float64Array(cols * rows);
  const cw = (x1 - x0) / cols, ch = (y1 - y0) / rows;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const sx = mirror ? cols - 1 - col : col;
      cells[row * cols + col] = areaMean(grey, side, x0 + sx * cw, y0 + row * ch, x0 + (sx + 1) * cw, y0 + (row + 1) * ch);
    }
  }
  for (let bit = 0; bit < 64; bit++) {
    const row = bit >> 3, col = bit & 7;
    if (cells[row * cols + col]! > cells[row * cols + col + 1]! + TIE) out[at + (bit >> 3)]! |= 1 << (bit & 7);
  }
}

function areaMean(grey: Float64Array, side: number, x0: number, y0: number, x1: number, y1: number): number {
  let sum = 0, weight = 0;
  for (let y = Math.floor(y0); y < Math.ceil(y1); y++) {
    const wy = Math.min(y + 1, y1) - Math.max(y, y0);
    for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
      const w = wy * (Math.min(x + 1, x1) - Math.max(x, x0));
      sum += grey[y * side + x]! * w;
      weight += w;
    }
  }
  return sum / weight;
}
