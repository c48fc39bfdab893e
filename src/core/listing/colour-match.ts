/**
 * Colour rules compare a `#RRGGBB` value with an item's palette in CIE Lab, by CIEDE2000 distance
 * (culori), which follows what people see far better than RGB distance does.
 */
import { differenceCiede2000, modeLab65, modeRgb, useMode, type Lab65 } from 'culori/fn';
import { lazyValue } from '../shared/lazy-value';
import type { Palette } from '../storage/rows';

// Made by the first colour rule, not by every worker start (docs/decisions/service-worker-startup.md).
const toLab = lazyValue(() => {
  const lab = useMode(modeLab65);
  useMode(modeRgb);
  return lab;
});
const distance = lazyValue(() => differenceCiede2000());

/** A palette colour counts only when it covers at least this share (percent) of the image. */
export const MIN_SHARE = 5;
/** CIEDE2000 distances: `similar` is the same colour family, `accuracy` close to the very colour. */
export const SIMILAR_DISTANCE = 20;
export const ACCURATE_DISTANCE = 8;
/** Lab chroma below which a colour reads as grey. */
export const GREY_CHROMA = 12;

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

/** `#rrggbb` for `#RRGGBB`, `RRGGBB` or `#RGB`; undefined when it is not a colour. */
export function normaliseHex(text: string): string | undefined {
  const m = HEX.exec(text.trim());
  if (!m) return undefined;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return `#${digits.toLowerCase()}`;
}

function labOfRgb([r, g, b]: readonly number[]): Lab65 {
  return toLab()({ mode: 'rgb', r: (r ?? 0) / 255, g: (g ?? 0) / 255, b: (b ?? 0) / 255 });
}

function labOfHex(hex: string): Lab65 {
  const n = Number.parseInt(hex.slice(1), 16);
  return labOfRgb([(n >> 16) & 255, (n >> 8) & 255, n & 255]);
}

const counted = (palettes: readonly Palette[]) => palettes.filter((p) => p.ratio >= MIN_SHARE);

/** A test for "some counted palette colour lies within `maxDistance` of `hex`". */
export function nearColour(hex: string, maxDistance: number): (palettes: readonly Palette[]) => boolean {
  const target = labOfHex(hex);
  return (palettes) => counted(palettes).some((p) => distance()(target, labOfRgb(p.color)) <= maxDistance);
}

/** An item with a palette none of whose counted colours is chromatic. */
export function isGrayscale(palettes: readonly Palette[]): boolean {
  if (palettes.length === 0) return false;
  return counted(palettes).every((p) => {
    const { a = 0, b = 0 } = labOfRgb(p.color);
    return Math.hypot(a, b) <= GREY_CHROMA;
  });
}
