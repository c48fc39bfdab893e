/**
 * Which picture a grid cell loads. Thumbnails are at most 400 px on their long side
 * (src/media/fit.ts); a cell drawn wider than that in device pixels (one or two columns at the
 * largest size) would upscale them, so an image item whose original is larger shows the original
 * there. Few cells are visible at that size, so scrolling stays cheap (they decode off the main
 * thread: `decoding="async"`). Pure.
 */
import type { Item } from '../api-types';
import { THUMBNAIL_LONG_SIDE } from '../../media/fit';
import { mediaKind } from '../ui/media-kind';

export function cellPictureUrl(item: Pick<Item, 'ext' | 'fileURL' | 'thumbnailURL' | 'width' | 'height'>, cellDevicePixels: number): string {
  const larger = Math.max(item.width, item.height) > THUMBNAIL_LONG_SIDE;
  return cellDevicePixels > THUMBNAIL_LONG_SIDE && larger && mediaKind(item) === 'image' ? item.fileURL : item.thumbnailURL;
}
