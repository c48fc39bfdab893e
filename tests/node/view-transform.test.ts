// The image viewer's geometry: fit never enlarges, panning stays bounded, zoom keeps the anchor still,
// and a drag in any direction becomes the same rectangle in image pixels.
import { describe, expect, it } from 'vitest';
import { centeredView, clampView, fitScale, rectBetween, toImagePoint, toScreenRect, zoomAround } from '../../src/app/viewer/view-transform';

const image = { width: 1600, height: 1000 };
const box = { width: 800, height: 800 };

describe('view transform', () => {
  it('fits the whole image, never above 100 %', () => {
    expect(fitScale(image, box)).toBe(0.5);
    expect(fitScale({ width: 100, height: 50 }, box)).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, box)).toBe(1);
  });

  it('centres a smaller image and keeps a larger one covering the box', () => {
    expect(centeredView(image, box, 0.5)).toEqual({ scale: 0.5, x: 0, y: 150 });
    expect(clampView({ scale: 1, x: 100, y: -900 }, image, box)).toEqual({ scale: 1, x: 0, y: -200 });
    expect(clampView({ scale: 1, x: -5000, y: -50 }, image, box)).toEqual({ scale: 1, x: -800, y: -50 });
  });

  it('zooms around an anchor point', () => {
    const view = { scale: 1, x: -400, y: -100 };
    const anchor = { x: 400, y: 400 };
    const under = toImagePoint(view, anchor, image);
    const zoomed = zoomAround(view, 1.25, anchor, image, box);
    expect(zoomed.scale).toBe(1.25);
    expect(toImagePoint(zoomed, anchor, image)).toEqual(under);
  });

  it('turns a drag in any direction into the same image rectangle, clamped to the image', () => {
    const view = { scale: 0.5, x: 0, y: 150 };
    const a = toImagePoint(view, { x: 200, y: 275 }, image);
    const b = toImagePoint(view, { x: 350, y: 375 }, image);
    expect(rectBetween(a, b)).toEqual({ x: 400, y: 250, width: 300, height: 200 });
    expect(rectBetween(b, a)).toEqual({ x: 400, y: 250, width: 300, height: 200 });
    expect(toImagePoint(view, { x: -50, y: 9999 }, image)).toEqual({ x: 0, y: 1000 });
    expect(toScreenRect(view, { x: 400, y: 250, width: 300, height: 200 })).toEqual({ x: 200, y: 275, width: 150, height: 100 });
  });
});
