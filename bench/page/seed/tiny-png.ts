/** Tiny PNGs for the planned images, encoded once per size and colour (a few dozen in all). */
import { encodePng } from '../../../src/core/images/png-encode';
import type { PlannedImage } from '../../data/library-plan';

export interface Png {
  bytes: Uint8Array<ArrayBuffer>;
  base64: string;
}

export class TinyPngs {
  private readonly cache = new Map<string, Promise<Png>>();

  get(image: PlannedImage): Promise<Png> {
    const key = `${image.width}x${image.height}:${image.rgb.join(',')}`;
    let png = this.cache.get(key);
    if (!png) {
      png = encode(image);
      this.cache.set(key, png);
    }
    return png;
  }
}

async function encode({ width, height, rgb }: PlannedImage): Promise<Png> {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    // A darker lower half, so an image has two colours in its palette.
    const shade = i >= (width * height) / 2 ? 0.6 : 1;
    rgba.set([rgb[0] * shade, rgb[1] * shade, rgb[2] * shade, 255], i * 4);
  }
  const bytes = await encodePng(width, height, rgba);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { bytes, base64: btoa(binary) };
}
