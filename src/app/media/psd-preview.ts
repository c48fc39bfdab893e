/**
 * A PSD's composite image (the flattened picture Photoshop saves beside the layers) as its
 * thumbnail. Runs in the page's media worker and is imported there on first use (with ag-psd).
 * Layers are not read: the composite is what the file looks like.
 */
import { initializeCanvas, readPsd, type PixelArray } from 'ag-psd';
import { renderThumbnail, undecodable, type ProcessedMedia } from '../../media';

// ag-psd makes canvases with `document` by default; a worker has OffscreenCanvas and ImageData.
initializeCanvas(
  (width, height) => new OffscreenCanvas(width, height) as unknown as HTMLCanvasElement,
  (width, height) => new ImageData(width, height),
);

export async function processPsd(bytes: ArrayBuffer | Blob, mime: string): Promise<ProcessedMedia> {
  const buffer = bytes instanceof Blob ? await bytes.arrayBuffer() : bytes;
  let bitmap: ImageBitmap;
  try {
    const psd = readPsd(buffer, { skipLayerImageData: true, skipThumbnail: true, useImageData: true });
    const composite = psd.imageData;
    if (!composite) throw new Error('the file has no composite image');
    bitmap = await createImageBitmap(new ImageData(eightBit(composite.data), composite.width, composite.height));
  } catch (error) {
    return undecodable(mime, error);
  }
  try {
    return await renderThumbnail({ bitmap });
  } finally {
    bitmap.close();
  }
}

/** RGBA at 8 bits per channel, from a composite of 8, 16 (0..65535) or 32 bits (0..1 floats). */
function eightBit(data: PixelArray): Uint8ClampedArray<ArrayBuffer> {
  if (data instanceof Uint8ClampedArray || data instanceof Uint8Array) return new Uint8ClampedArray(data);
  const out = new Uint8ClampedArray(data.length);
  const scale = data instanceof Uint16Array ? 255 / 65535 : 255;
  for (let i = 0; i < data.length; i++) out[i] = Math.round(data[i]! * scale);
  return out;
}
