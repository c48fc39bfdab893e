/**
 * The image tesseract reads (docs/decisions/ocr.md): turned, grey and contrast-stretched, scaled
 * so that screenshot text is tall enough and a large scan not too slow.
 */

/** The long side tesseract reads at most (larger scans cost time, not words). */
const MAX_SIDE = 2400;
/** Small pictures are enlarged up to this factor: tesseract misses text under about 10 px tall. */
const MAX_UPSCALE = 2;

/**
 * The picture turned `rotation` degrees clockwise (0, 90, 180, 270), in grey, its darkest and
 * lightest tenth of a percent stretched to black and white (low-contrast screenshots), as a PNG.
 */
export async function prepareForOcr(bitmap: ImageBitmap, rotation = 0): Promise<Blob> {
  const long = Math.max(bitmap.width, bitmap.height);
  const scale = Math.min(MAX_UPSCALE, MAX_SIDE / long);
  const drawnWidth = Math.max(1, Math.round(bitmap.width * scale));
  const drawnHeight = Math.max(1, Math.round(bitmap.height * scale));
  const sideways = rotation % 180 !== 0;
  const [width, height] = sideways ? [drawnHeight, drawnWidth] : [drawnWidth, drawnHeight];
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.imageSmoothingQuality = 'high';
  context.translate(width / 2, height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(bitmap, -drawnWidth / 2, -drawnHeight / 2, drawnWidth, drawnHeight);
  context.setTransform(1, 0, 0, 1, 0, 0);
  const image = context.getImageData(0, 0, width, height);
  stretchGrey(image.data);
  context.putImageData(image, 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

/** In place: luminance, its 0.1th–99.9th percentile mapped onto 0–255 (text may cover only a percent of a page). */
export function stretchGrey(rgba: Uint8ClampedArray): void {
  const histogram = new Uint32Array(256);
  const pixels = rgba.length / 4;
  for (let i = 0; i < rgba.length; i += 4) {
    const grey = Math.round(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!);
    rgba[i] = grey;
    histogram[grey]! += 1;
  }
  const percentile = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value++) if ((seen += histogram[value]!) >= share * pixels) return value;
    return 255;
  };
  const low = percentile(0.001);
  const high = Math.max(low + 1, percentile(0.999));
  for (let i = 0; i < rgba.length; i += 4) {
    const value = Math.min(255, Math.max(0, Math.round(((rgba[i]! - low) * 255) / (high - low))));
    rgba[i] = rgba[i + 1] = rgba[i + 2] = value;
  }
}
