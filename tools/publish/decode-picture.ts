/**
 * Decodes a thumbnail to RGBA pixels in node, for `publish` to describe it: PNG (Eagle's
 * `<name>_thumbnail.png`) with pngjs, JPEG with jpeg-js, WebP (this app's thumbnails, and some
 * Eagle ones under a .png name) with libwebp compiled to WASM (@jsquash/webp). The format is read
 * from the bytes, not the name. docs/decisions/publish-thumbnail-decoders.md says why these.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import decodeWebp, { init as initWebp } from '@jsquash/webp/decode.js';

export interface Pixels {
  width: number;
  height: number;
  /** 4 bytes a pixel, not premultiplied (as ImageData.data). */
  data: Uint8Array | Uint8ClampedArray;
}

/** Beside the bundled command (tools/build-lib.ts copies it there), else in node_modules. */
const WEBP_WASM = 'webp_dec.wasm';
/** Bigger than any thumbnail: a picture claiming more is refused before it takes the memory. */
const MAX_MEGAPIXELS = 64;

let webpReady: Promise<void> | undefined;

function webpWasm(): Buffer {
  const bundled = new URL(WEBP_WASM, import.meta.url);
  if (bundled.protocol === 'file:' && existsSync(fileURLToPath(bundled))) return readFileSync(fileURLToPath(bundled));
  return readFileSync(createRequire(import.meta.url).resolve(`@jsquash/webp/codec/dec/${WEBP_WASM}`));
}

const startsWith = (bytes: Uint8Array, text: string, at = 0) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

export function pictureFormat(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | undefined {
  if (bytes[0] === 0x89 && startsWith(bytes, 'PNG', 1)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  return undefined;
}

/** Throws, saying why, when the bytes are not a picture it can decode. */
export async function decodePicture(bytes: Uint8Array): Promise<Pixels> {
  const format = pictureFormat(bytes);
  try {
    if (format === 'png') return PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (format === 'jpeg') return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS });
    if (format === 'webp') {
      webpReady ??= initWebp({ wasmBinary: new Uint8Array(webpWasm()).buffer });
      await webpReady;
      const image = await decodeWebp(new Uint8Array(bytes).buffer);
      return { width: image.width, height: image.height, data: image.data };
    }
  } catch (error) {
    throw new Error(`its ${format?.toUpperCase()} thumbnail could not be decoded (${error instanceof Error ? error.message : String(error)}).`);
  }
  throw new Error('its thumbnail is not a PNG, JPEG or WebP picture.');
}
