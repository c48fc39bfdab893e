// The viewer's remembered place (src/app/shell/viewer-place.ts): while the listing holds the item, steps
// go on from where it is now; once it has left, Next goes to its place (the item after it moved up
// into it) and Previous to the one before.
import { describe, expect, it } from 'vitest';
import { ViewerPlace } from '../../src/app/shell/viewer-place';

describe('ViewerPlace', () => {
  it('steps from where the listing has the item now', () => {
    const place = new ViewerPlace();
    place.moveTo(1);
    expect(place.step(1, 1)).toBe(2);
    // An item before it left: it is at 0 now.
    expect(place.step(0, -1)).toBe(-1);
    expect(place.ends(0, 3)).toEqual({ hasPrevious: false, hasNext: true });
  });

  it('once the item has left, Next is its place and Previous the one before', () => {
    const place = new ViewerPlace();
    place.moveTo(1);
    expect(place.step(-1, 1)).toBe(1);
    expect(place.step(-1, -1)).toBe(0);
    expect(place.ends(-1, 3)).toEqual({ hasPrevious: true, hasNext: true });
    // It was the last: nothing after its place.
    place.moveTo(3);
    expect(place.ends(-1, 3)).toEqual({ hasPrevious: true, hasNext: false });
  });
});
