/**
 * Processes a raster original (JPEG, PNG, GIF, WebP, AVIF, BMP, ICO: whatever createImageBitmap
 * decodes). Runs in the page's media worker and, as the fallback, in the service worker itself.
 */
import { renderThumbnail } from './render';
import { undecodable, type ProcessedMedia } from './processed';

export async function processRaster(bytes: ArrayBuffer | Blob, mime: string): Promise<ProcessedMedia> {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes], { type: mime });
  let bitmap: ImageBitmap;
  try {
    // 'from-image' applies the EXIF orientation, so width and height are the displayed ones.
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch (error) {
    return undecodable(mime, error);
  }
  try {
    return await renderThumbnail({ bitmap });
  } finally {
    bitmap.close();
  }
}
