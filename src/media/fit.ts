/** Thumbnail geometry: fit inside a square box, keep the aspect ratio, never upscale. */

/** The long side of a generated thumbnail, in pixels. */
export const THUMBNAIL_LONG_SIDE = 400;

export interface Size {
  width: number;
  height: number;
}

export function fitWithin(width: number, height: number, longSide = THUMBNAIL_LONG_SIDE): Size {
  if (!(width > 0 && height > 0)) throw new RangeError(`Cannot fit an image of ${width}x${height} pixels.`);
  const scale = Math.min(1, longSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
