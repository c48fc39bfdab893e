/**
 * Turns a decoded picture into a thumbnail (WebP, long side 400 px), a palette and a visual
 * descriptor. Uses only
 * OffscreenCanvas and createImageBitmap, which exist in pages, dedicated workers and service
 * workers alike, so every path produces the same result.
 */
import { WORK_SIDE } from '../shared/ai/descriptor-layout';
import { describePixels } from './descriptor';
import { fitWithin } from './fit';
import { extractPalette } from './palette';
import type { ProcessedMedia } from './processed';

export const THUMBNAIL_TYPE = 'image/webp';
const THUMBNAIL_QUALITY = 0.82;

export interface Picture {
  /** The decoded picture at its displayed size (EXIF orientation applied). */
  bitmap: ImageBitmap;
  /** The item's dimensions when they differ from the bitmap's (an SVG rasterised at thumbnail size). */
  size?: { width: number; height: number };
  duration?: number;
}

export async function renderThumbnail({ bitmap, size: reported, duration }: Picture): Promise<ProcessedMedia & { status: 'done' }> {
  const { width, height } = reported ?? bitmap;
  const size = fitWithin(bitmap.width, bitmap.height);
  // createImageBitmap's own resampling ('high') is far better than one drawImage step at 10:1.
  const small = await createImageBitmap(bitmap, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' });
  try {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('OffscreenCanvas has no 2d context here.');
    context.drawImage(small, 0, 0);
    const palettes = extractPalette(context.getImageData(0, 0, size.width, size.height).data);
    const descriptor = await describeBitmap(small);
    const blob = await canvas.convertToBlob({ type: THUMBNAIL_TYPE, quality: THUMBNAIL_QUALITY });
    const result: ProcessedMedia & { status: 'done' } = {
      status: 'done',
      width,
      height,
      thumbnail: await blob.arrayBuffer(),
      thumbnailType: blob.type,
      palettes,
      descriptor,
    };
    if (duration !== undefined) result.duration = duration;
    return result;
  } finally {
    small.close();
  }
}

/** The descriptor of the thumbnail-sized picture, scaled to WORK_SIDE² (aspect not kept) first. */
async function describeBitmap(small: ImageBitmap): Promise<Uint8Array> {
  const work = await createImageBitmap(small, { resizeWidth: WORK_SIDE, resizeHeight: WORK_SIDE, resizeQuality: 'high' });
  try {
    const context = new OffscreenCanvas(WORK_SIDE, WORK_SIDE).getContext('2d');
    if (!context) throw new Error('OffscreenCanvas has no 2d context here.');
    context.drawImage(work, 0, 0);
    return describePixels(context.getImageData(0, 0, WORK_SIDE, WORK_SIDE).data);
  } finally {
    work.close();
  }
}
