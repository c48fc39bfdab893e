// Grid geometry and keyboard moves of the web app.
import { describe, expect, it } from 'vitest';
import { gridGeometry, MAX_SCROLL_HEIGHT, sliderToThumb, thumbToSlider } from '../../src/app/grid/grid-geometry';
import { moveIndex } from '../../src/app/grid/grid-navigation';

describe('grid geometry', () => {
  it('fits more columns for smaller thumbnails', () => {
    const small = gridGeometry(1000, 80, 100);
    const large = gridGeometry(1000, 400, 100);
    expect(small.columns).toBeGreaterThan(large.columns);
    expect(small.columns * small.cellWidth).toBeLessThanOrEqual(1000);
    expect(large.rows).toBe(Math.ceil(100 / large.columns));
  });

  it('keeps 100k items under the scroll-height cap even on a phone at the largest size', () => {
    for (const width of [390, 800, 1280, 2560]) {
      const g = gridGeometry(width, 400, 100_000);
      expect(g.rows * g.rowHeight).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT);
    }
  });

  it('maps the slider onto 80..400 px and back', () => {
    expect(sliderToThumb(0)).toBe(80);
    expect(sliderToThumb(100)).toBe(400);
    for (const size of [80, 120, 160, 250, 400]) expect(Math.abs(sliderToThumb(thumbToSlider(size)) - size)).toBeLessThanOrEqual(4);
  });
});

describe('keyboard moves', () => {
  // 10 items in 4 columns: rows 0-3, 4-7, 8-9.
  it.each([
    [5, 'left', 4], [0, 'left', 0], [9, 'right', 9], [1, 'up', 1], [5, 'up', 1], [1, 'down', 5],
    [6, 'down', 9], [9, 'down', 9], [5, 'home', 0], [2, 'end', 9], [9, 'pageUp', 1], [1, 'pageDown', 9], [1, 'pageDown', 9],
  ] as const)('from %i, %s goes to %i', (from, move, to) => {
    expect(moveIndex(from, move, 10, 4, 2)).toBe(to);
  });

  it('has nowhere to go in an empty grid', () => {
    expect(moveIndex(0, 'down', 0, 4, 2)).toBe(-1);
  });
});
