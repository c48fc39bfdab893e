/**
 * The part of a captured frame a person dragged over: two pointer positions on the picture as
 * shown (scaled to fit the dialog) become a rectangle of the frame's own pixels, inside the frame.
 * A drag smaller than a few pixels on screen is a click, not a region.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Below this many screen pixels either way, a drag is a click. */
const MIN_DRAG_PX = 4;

/** `shown`: the picture's box on screen; `frame`: the captured frame's size in pixels. */
export function regionOf(from: Point, to: Point, shown: Region, frame: { width: number; height: number }): Region | null {
  if (Math.abs(to.x - from.x) < MIN_DRAG_PX || Math.abs(to.y - from.y) < MIN_DRAG_PX || shown.width <= 0 || shown.height <= 0) return null;
  const toFrame = (point: Point) => ({
    x: clamp(((point.x - shown.x) / shown.width) * frame.width, 0, frame.width),
    y: clamp(((point.y - shown.y) / shown.height) * frame.height, 0, frame.height),
  });
  const [a, b] = [toFrame(from), toFrame(to)];
  const x = Math.round(Math.min(a.x, b.x));
  const y = Math.round(Math.min(a.y, b.y));
  const width = Math.round(Math.max(a.x, b.x)) - x;
  const height = Math.round(Math.max(a.y, b.y)) - y;
  return width >= 1 && height >= 1 ? { x, y, width, height } : null;
}

/** The region as a box on screen (for the selection's outline), the inverse of `regionOf`. */
export function shownBox(region: Region, shown: Region, frame: { width: number; height: number }): Region {
  const sx = shown.width / frame.width;
  const sy = shown.height / frame.height;
  return { x: region.x * sx, y: region.y * sy, width: region.width * sx, height: region.height * sy };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** "Screenshot 2026-12-01 at 15.04.09.png", in local time, as desktop systems name them. */
export function screenshotName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `Screenshot ${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} at ${two(at.getHours())}.${two(at.getMinutes())}.${two(at.getSeconds())}.png`;
}
