// A drag over the captured frame, shown scaled in the dialog, as a rectangle of the frame's pixels.
import { describe, expect, it } from 'vitest';
import { regionOf, screenshotName, shownBox } from '../../src/app/import/capture-region';

const frame = { width: 1280, height: 720 };
// The frame shown at half size, 100 px from the left and 50 px from the top of the window.
const shown = { x: 100, y: 50, width: 640, height: 360 };

describe('regionOf', () => {
  it.each([
    ['a drag down and right', { x: 110, y: 60 }, { x: 210, y: 110 }, { x: 20, y: 20, width: 200, height: 100 }],
    ['the same drag made up and left', { x: 210, y: 110 }, { x: 110, y: 60 }, { x: 20, y: 20, width: 200, height: 100 }],
    ['a drag past the edges, kept inside the frame', { x: 0, y: 0 }, { x: 2000, y: 2000 }, { x: 0, y: 0, width: 1280, height: 720 }],
  ])('%s', (_, from, to, expected) => expect(regionOf(from, to, shown, frame)).toEqual(expected));

  it('is nothing for a click or a drag of a few pixels', () => {
    expect(regionOf({ x: 300, y: 200 }, { x: 302, y: 260 }, shown, frame)).toBeNull();
    expect(regionOf({ x: 300, y: 200 }, { x: 300, y: 200 }, shown, frame)).toBeNull();
  });
  it('is nothing for a drag wholly outside the frame', () => {
    expect(regionOf({ x: 0, y: 0 }, { x: 50, y: 40 }, shown, frame)).toBeNull();
  });
  it('shows the region back where it was dragged', () => {
    const region = regionOf({ x: 110, y: 60 }, { x: 210, y: 110 }, shown, frame)!;
    expect(shownBox(region, shown, frame)).toEqual({ x: 10, y: 10, width: 100, height: 50 });
  });
});

describe('screenshotName', () => {
  it('names the file by its local time', () => {
    expect(screenshotName(new Date(2026, 11, 1, 9, 5, 7))).toBe('Screenshot 2026-12-01 at 09.05.07.png');
  });
});
