/**
 * Scales RGBA pixels to a square with a plain box (area) filter: each output pixel is the mean of
 * the source area it covers, fractional pixels weighted by how much of them it covers, colours
 * weighted by alpha. Deterministic arithmetic, so a thumbnail always gives the same bytes (the
 * browser's createImageBitmap 'high' resampling differs slightly; see
 * docs/decisions/publish-thumbnail-decoders.md).
 */
import type { Pixels } from './decode-picture';

/** For each output index along one axis: the source indexes it covers and their weights. */
function spans(source: number, side: number): { from: number; weights: number[] }[] {
  const scale = source / side;
  return Array.from({ length: side }, (_, i) => {
    const start = i * scale, end = (i + 1) * scale;
    const from = Math.floor(start);
    const weights: number[] = [];
    for (let s = from; s < Math.min(source, Math.ceil(end)); s++) weights.push(Math.min(s + 1, end) - Math.max(s, start));
    return { from, weights };
  });
}

export function boxResize({ width, height, data }: Pixels, side: number): Uint8ClampedArray {
  if (!(width > 0 && height > 0) || data.length !== width * height * 4) throw new RangeError(`Not ${width}x${height} RGBA pixels.`);
  const xs = spans(width, side), ys = spans(height, side);
  const out = new Uint8ClampedArray(side * side * 4);
  for (let oy = 0; oy < side; oy++) {
    const { from: fy, weights: wys } = ys[oy]!;
    for (let ox = 0; ox < side; ox++) {
      const { from: fx, weights: wxs } = xs[ox]!;
      let r = 0, g = 0, b = 0, a = 0, area = 0;
      for (let j = 0; j < wys.length; j++) {
        for (let i = 0; i < wxs.length; i++) {
          const w = wys[j]! * wxs[i]!;
          const at = ((fy + j) * width + fx + i) * 4;
          const alpha = data[at + 3]! * w;
          r += data[at]! * alpha;
          g += data[at + 1]! * alpha;
          b += data[at + 2]! * alpha;
          a += alpha;
          area += w;
        }
      }
      const o = (oy * side + ox) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round(a / area);
    }
  }
  return out;
}
