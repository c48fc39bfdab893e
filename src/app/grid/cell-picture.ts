/**
 * Which picture a grid cell loads. Thumbnails are at most 400 px on their long side
 * (src/media/fit.ts); a cell drawn wider than that in device pixels (one or two columns at the
 * largest size) would upscale them, so an image item whose original is larger shows the original
 * there, when it is on this device: the cell asks item/thumbnail with `preferOriginal`, which
 * answers the original only if it is here (a syncing library's original never opened on this
 * device is not fetched for a cell: the thumbnail answers). Few cells are visible at that size, so
 * scrolling stays cheap (they decode off the main thread: `decoding="async"`). Pure.
 */
import type { Item } from '../api-types';
import { THUMBNAIL_LONG_SIDE } from '../../media/fit';
import { mediaKind } from '../ui/media-kind';
import { isRouteUrl } from '../../client/api-client';

export interface CellPictureOptions {
  /** Never an original, whatever the cell's size (a published library's grid). */
  thumbnailsOnly?: boolean;
}

export function cellPictureUrl(item: Pick<Item, 'ext' | 'fileURL' | 'thumbnailURL' | 'width' | 'height'>, cellDevicePixels: number, { thumbnailsOnly = false }: CellPictureOptions = {}): string {
  const larger = Math.max(item.width, item.height) > THUMBNAIL_LONG_SIDE;
  const sharper = !thumbnailsOnly && cellDevicePixels > THUMBNAIL_LONG_SIDE && larger && item.fileURL !== '' && mediaKind(item) === 'image';
  // A generic icon (no thumbnail) stays one.
  return sharper && isRouteUrl(item.thumbnailURL, '/item/thumbnail') ? `${item.thumbnailURL}&preferOriginal=true` : item.thumbnailURL;
}
