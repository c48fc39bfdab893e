/**
 * Geometry of the image viewer, pure: where the image sits on screen at a scale (fit, 100 %, zoomed),
 * how panning is bounded, and how a drag on screen becomes a rectangle in image pixels.
 */
import type { Rect } from '../comments/comment-kinds';

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Screen position of the image's top-left corner, and its scale. */
export interface View extends Point {
  scale: number;
}

export const MIN_SCALE = 0.02;
export const MAX_SCALE = 16;

/** The scale that shows the whole image in the box, never enlarging a small one. */
export function fitScale(image: Size, box: Size): number {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) return 1;
  return Math.min(1, box.width / image.width, box.height / image.height);
}

/** One axis: centred when the image is smaller than the box, else kept covering it. */
function clampAxis(offset: number, length: number, box: number): number {
  if (length <= box) return (box - length) / 2;
  return Math.min(0, Math.max(box - length, offset));
}

export function clampView(view: View, image: Size, box: Size): View {
  return {
    scale: view.scale,
    x: clampAxis(view.x, image.width * view.scale, box.width),
    y: clampAxis(view.y, image.height * view.scale, box.height),
  };
}

export function centeredView(image: Size, box: Size, scale: number): View {
  return clampView({ scale, x: 0, y: 0 }, image, box);
}

/** Zooms by `factor` keeping the image point under `anchor` (a screen point) where it is. */
export function zoomAround(view: View, factor: number, anchor: Point, image: Size, box: Size): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const ratio = scale / view.scale;
  return clampView({ scale, x: anchor.x - (anchor.x - view.x) * ratio, y: anchor.y - (anchor.y - view.y) * ratio }, image, box);
}

/** The image pixel under a screen point, kept inside the image. */
export function toImagePoint(view: View, point: Point, image: Size): Point {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  return { x: clamp((point.x - view.x) / view.scale, image.width), y: clamp((point.y - view.y) / view.scale, image.height) };
}

/** The rectangle two corners span, in whole pixels (a drag may go in any direction). */
export function rectBetween(a: Point, b: Point): Rect {
  const x = Math.round(Math.min(a.x, b.x));
  const y = Math.round(Math.min(a.y, b.y));
  return { x, y, width: Math.round(Math.max(a.x, b.x)) - x, height: Math.round(Math.max(a.y, b.y)) - y };
}

export function toScreenRect(view: View, rect: Rect): Rect {
  return { x: view.x + rect.x * view.scale, y: view.y + rect.y * view.scale, width: rect.width * view.scale, height: rect.height * view.scale };
}
