// Which video frame becomes the thumbnail (src/media/blank-frame.ts): black and flat grey frames
// are skipped, anything with content or colour is kept; the times tried walk in from the start.
import { describe, expect, it } from 'vitest';
import { frameTimes, isBlankFrame, MAX_FRAME_TRIES } from '../../src/media/blank-frame';

const SIDE = 32;

/** SIDE² pixels, each coloured by `paint(x, y)`. */
function frame(paint: (x: number, y: number) => [number, number, number]): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(SIDE * SIDE * 4);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) rgba.set([...paint(x, y), 255], (y * SIDE + x) * 4);
  return rgba;
}
const flat = (rgb: [number, number, number]) => frame(() => rgb);

describe('blank frames', () => {
  it.each([
    ['black', flat([0, 0, 0]), true],
    ['nearly black, with encoder noise', frame((x, y) => [((x * 7 + y * 3) % 20), 10, 12]), true],
    ['black but for a few bright pixels (a logo starting to fade in)', frame((x, y) => (x < 3 && y < 3 ? [250, 250, 250] : [5, 5, 5])), true],
    ['flat mid grey', flat([128, 128, 128]), true],
    ['flat white', flat([250, 250, 250]), true],
    ['one strong colour', flat([220, 30, 40]), false],
    ['a dark colour that is not black', flat([0, 40, 120]), false],
    ['a dark scene with a lit subject', frame((x, y) => (x > 10 && x < 22 && y > 10 && y < 22 ? [200, 170, 150] : [8, 8, 8])), false],
    ['grey with detail', frame((x) => (x % 2 ? [90, 90, 90] : [160, 160, 160])), false],
    ['no pixels', new Uint8ClampedArray(0), true],
  ])('%s → %s', (_name, rgba, blank) => {
    expect(isBlankFrame(rgba)).toBe(blank);
  });
});

describe('the frame times tried', () => {
  it.each([
    [0, [0]],
    [Number.NaN, [0]],
    [2, [0.2, 0.4, 0.8, 1.6]],
    [3, [0.3, 0.6, 1.2, 2.4]],
    [10, [1, 2, 4, 8]],
  ])('a clip of %s s → %j', (duration, times) => {
    expect(frameTimes(duration).map((t) => Math.round(t * 100) / 100)).toEqual(times);
  });

  it('stays within the first 95 % and takes at most MAX_FRAME_TRIES tries', () => {
    const long = frameTimes(7200);
    expect(long).toHaveLength(MAX_FRAME_TRIES);
    expect(long[0]).toBe(1);
    expect(long.at(-1)).toBe(128);
    for (const duration of [0.1, 1, 5, 60, 7200]) expect(Math.max(...frameTimes(duration))).toBeLessThanOrEqual(duration * 0.95);
  });
});
