// The visual descriptor and its comparison, on pixel arrays made here (real pictures, decoded by
// the browser, are tested through the service worker in tests/browser/ai-search.test.ts).
import { describe, expect, it } from 'vitest';
import { COLOUR_NAMES, nameOfPixel } from '../../src/core/ai-search/colour-names';
import { readTextQuery } from '../../src/core/ai-search/text-query';
import { COLOURS_AT, DESCRIPTOR_BYTES, HASH_AT, MIRROR_HASH_AT, WORK_SIDE } from '../../src/core/ai-search/descriptor-layout';
import { compareDescriptors } from '../../src/core/ai-search/visual-similarity';
import { describePixels } from '../../src/media/descriptor';
import { flatPixels } from './fixtures/media';

type Paint = (x: number, y: number) => [number, number, number];

function picture(paint: Paint): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(WORK_SIDE * WORK_SIDE * 4);
  for (let y = 0; y < WORK_SIDE; y++) for (let x = 0; x < WORK_SIDE; x++) pixels.set([...paint(x, y), 255], (y * WORK_SIDE + x) * 4);
  return pixels;
}

/** A sunset-like scene: an orange sky gradient, a dark hill on the left, a yellow sun on the right. */
const sunset: Paint = (x, y) => {
  if ((x - 48) ** 2 + (y - 16) ** 2 < 64) return [250, 220, 40];
  if (y > 40 + (x / 64) * 16) return [30, 40, 20];
  return [240, 120 + y, 60];
};
/** A blue-and-white scene with a different layout. */
const sea: Paint = (x, y) => (y < 24 ? [200, 220, 250] : (x + y) % 16 < 8 ? [20, 60, 180] : [30, 90, 200]);
const mirrored = (paint: Paint): Paint => (x, y) => paint(WORK_SIDE - 1 - x, y);
const brightened = (paint: Paint): Paint => (x, y) => paint(x, y).map((v) => Math.min(255, v * 1.25 + 10)) as [number, number, number];

describe('the visual descriptor', () => {
  it('has the documented size and stores the mirror hash that a mirrored picture has', () => {
    const straight = describePixels(picture(sunset));
    const mirror = describePixels(picture(mirrored(sunset)));
    expect(straight).toHaveLength(DESCRIPTOR_BYTES);
    expect([...mirror.subarray(HASH_AT, HASH_AT + 8)]).toEqual([...straight.subarray(MIRROR_HASH_AT, MIRROR_HASH_AT + 8)]);
  });

  it('refuses pixels of the wrong size', () => {
    expect(() => describePixels(new Uint8ClampedArray(16))).toThrow(/64x64/);
  });

  it.each([
    ['itself', sunset],
    ['its mirror image', mirrored(sunset)],
    ['a brightened copy', brightened(sunset)],
  ])('calls %s a near-duplicate of the picture', (_name, paint) => {
    const match = compareDescriptors(describePixels(picture(paint)), describePixels(picture(sunset)), 0);
    expect(match.nearDuplicate).toBe(true);
    expect(match.score).toBeGreaterThan(0.8);
  });

  it('scores a different picture below every near-duplicate, and is symmetric enough to rank', () => {
    const query = describePixels(picture(sunset));
    const other = compareDescriptors(query, describePixels(picture(sea)), 0);
    expect(other.nearDuplicate).toBe(false);
    expect(other.score).toBeLessThan(0.8);
    expect(other.score).toBeGreaterThanOrEqual(0);
  });

  it('ranks a picture of similar colours above one of other colours', () => {
    const red = describePixels(flatPixels([200, 30, 30]));
    const darkRed = describePixels(flatPixels([150, 20, 25]));
    const blue = describePixels(flatPixels([30, 30, 200]));
    expect(compareDescriptors(red, darkRed, 0).score).toBeGreaterThan(compareDescriptors(red, blue, 0).score);
    // Two flat pictures have equal (empty) hashes: only alike colours make them duplicates.
    expect(compareDescriptors(red, blue, 0).nearDuplicate).toBe(false);
  });

  it('reads a descriptor at its offset inside a packed shard', () => {
    const query = describePixels(picture(sea));
    const packed = new Uint8Array(DESCRIPTOR_BYTES * 2);
    packed.set(describePixels(picture(sunset)), 0);
    packed.set(query, DESCRIPTOR_BYTES);
    expect(compareDescriptors(query, packed, DESCRIPTOR_BYTES).score).toBeCloseTo(1, 5);
  });
});

describe('colour words', () => {
  it.each([
    [[220, 20, 30], 'red'],
    [[250, 140, 20], 'orange'],
    [[240, 210, 30], 'yellow'],
    [[30, 160, 50], 'green'],
    [[30, 200, 210], 'cyan'],
    [[30, 60, 200], 'blue'],
    [[120, 30, 170], 'purple'],
    [[240, 150, 190], 'pink'],
    [[120, 70, 30], 'brown'],
    [[10, 10, 10], 'black'],
    [[250, 250, 245], 'white'],
    [[128, 128, 128], 'grey'],
  ] as const)('names %j %s', (rgb, name) => {
    expect(nameOfPixel(rgb[0], rgb[1], rgb[2])).toBe(name);
  });

  it.each([
    ['a red kite flying', ['red'], ['flying']],
    ['Navy and GOLD', ['blue', 'yellow'], []],
    ['photo of a puppy', [], []],
    ['greenish', ['green'], []],
  ])('reads %j', (text, colours, unmatched) => {
    expect(readTextQuery(text)).toMatchObject({ colours, unmatched });
  });

  it('stores each named colour\'s share of the picture in the descriptor', () => {
    const half = picture((x) => (x < 32 ? [220, 20, 30] : [30, 60, 200]));
    const shares = describePixels(half).subarray(COLOURS_AT, COLOURS_AT + COLOUR_NAMES.length);
    expect(shares[COLOUR_NAMES.indexOf('red')]).toBe(128);
    expect(shares[COLOUR_NAMES.indexOf('blue')]).toBe(128);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(256);
  });
});
