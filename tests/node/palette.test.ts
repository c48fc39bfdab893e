import { describe, expect, it } from 'vitest';
import { fitWithin } from '../../src/media/fit';
import { extractPalette } from '../../src/media/palette';

/** RGBA pixels: `parts` of [count, [r, g, b, a?]]. */
function pixels(...parts: Array<[number, number[]]>): Uint8ClampedArray {
  const out: number[] = [];
  for (const [count, [r, g, b, a = 255]] of parts) for (let i = 0; i < count; i++) out.push(r!, g!, b!, a);
  return new Uint8ClampedArray(out);
}

const sum = (palette: { ratio: number }[]) => palette.reduce((n, p) => n + p.ratio, 0);

describe('extractPalette', () => {
  it('puts the dominant colour first with its share in percent', () => {
    const palette = extractPalette(pixels([800, [250, 10, 10]], [200, [10, 10, 240]]));
    expect(palette).toEqual([
      { color: [250, 10, 10], ratio: 80 },
      { color: [10, 10, 240], ratio: 20 },
    ]);
  });

  it('gives one colour for a flat image', () => {
    expect(extractPalette(pixels([50, [0, 128, 0]]))).toEqual([{ color: [0, 128, 0], ratio: 100 }]);
  });

  it('merges shades the eye cannot tell apart (JPEG noise)', () => {
    const palette = extractPalette(pixels([300, [250, 0, 0]], [300, [242, 6, 4]], [300, [236, 10, 2]], [100, [255, 255, 255]]));
    expect(palette).toHaveLength(2);
    expect(palette[0]!.ratio).toBe(90);
    expect(palette[0]!.color[0]).toBeGreaterThan(230);
  });

  it('ignores transparent pixels', () => {
    expect(extractPalette(pixels([100, [0, 0, 255]], [900, [255, 0, 0, 0]]))).toEqual([{ color: [0, 0, 255], ratio: 100 }]);
    expect(extractPalette(pixels([10, [1, 2, 3, 0]]))).toEqual([]);
  });

  it('keeps at most eight colours, sorted by ratio, summing to about 100', () => {
    const parts: Array<[number, number[]]> = [];
    for (let i = 0; i < 12; i++) parts.push([10 + i * 5, [(i * 97) % 256, (i * 53) % 256, (i * 211) % 256]]);
    const palette = extractPalette(pixels(...parts));
    expect(palette.length).toBeLessThanOrEqual(8);
    expect(palette.length).toBeGreaterThan(4);
    expect(palette.map((p) => p.ratio)).toEqual([...palette.map((p) => p.ratio)].sort((a, b) => b - a));
    expect(sum(palette)).toBeCloseTo(100, 0);
  });
});

describe('fitWithin', () => {
  it.each([
    [4000, 3000, 400, 300],
    [3000, 4000, 300, 400],
    [2000, 1500, 400, 300],
    [120, 80, 120, 80],
    [10000, 10, 400, 1],
  ])('%ix%i → %ix%i', (w, h, tw, th) => {
    expect(fitWithin(w, h)).toEqual({ width: tw, height: th });
  });

  it('refuses an image without pixels', () => {
    expect(() => fitWithin(0, 10)).toThrow(RangeError);
  });
});
