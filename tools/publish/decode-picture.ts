/**
 * Decodes a thumbnail to RGBA pixels in node, for `publish` to describe it: PNG (Eagle's
 * `<name>_thumbnail.png`) with pngjs, JPEG with jpeg-js, WebP (this app's thumbnails, and some
 * Eagle ones under a .png name) with libwebp compiled to WASM (@jsquash/webp). The type is the
 * one the Eagle reader found in the bytes (eagle-library/sniff.ts), never the file's name.
 * docs/decisions/publish-thumbnail-decoders.md says why these.
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

/** Throws, saying why, when the bytes are not a picture of `type` it can decode. */
export async function decodePicture(bytes: Uint8Array, type: string): Promise<Pixels> {
  const format = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }[type];
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
  throw new Error(`its thumbnail is ${type || 'of an unknown type'}, not PNG, JPEG or WebP.`);
}
