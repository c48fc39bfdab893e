/**
 * Test images for the media tests, made in the browser: painted JPEGs (OffscreenCanvas), an EXIF
 * orientation inserted into a JPEG, and BMP, ICO and GIF files written byte by byte (canvas
 * cannot encode those). Also a short WebM video recorded from a canvas.
 */
import { blobToBase64 } from './images';

export type Rgb = [number, number, number];
const css = ([r, g, b]: Rgb) => `rgb(${r},${g},${b})`;

export async function paintedBlob(width: number, height: number, paint: (context: OffscreenCanvasRenderingContext2D) => void, type = 'image/jpeg'): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  paint(context);
  return canvas.convertToBlob({ type, quality: 0.9 });
}

/** About 85% red, with a blue block and a white stripe. */
export function mostlyRed(width: number, height: number): Promise<Blob> {
  return paintedBlob(width, height, (c) => {
    c.fillStyle = 'rgb(220,20,30)';
    c.fillRect(0, 0, width, height);
    c.fillStyle = 'rgb(20,40,200)';
    c.fillRect(0, 0, width * 0.3, height * 0.3);
    c.fillStyle = '#fff';
    c.fillRect(0, height * 0.9, width, height * 0.06);
  });
}

/** A flat image of one colour. */
export const flat = (width: number, height: number, colour: Rgb, type = 'image/jpeg') =>
  paintedBlob(width, height, (c) => {
    c.fillStyle = css(colour);
    c.fillRect(0, 0, width, height);
  }, type);

/** Inserts an EXIF APP1 segment with `orientation` right after the JPEG's SOI marker. */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const body = [...'Exif'].map((ch) => ch.charCodeAt(0)).concat([0, 0], tiff);
  const app1 = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  return new Uint8Array([0xff, 0xd8, ...app1, ...jpeg.subarray(2)]);
}

const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

/** A 24-bit bottom-up BMP of one colour. */
export function bmpOf(width: number, height: number, [r, g, b]: Rgb): Uint8Array {
  const row = Math.ceil((width * 3) / 4) * 4;
  const pixels: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.push(b, g, r);
    for (let p = width * 3; p < row; p++) pixels.push(0);
  }
  const header = [...'BM'].map((c) => c.charCodeAt(0)).concat(le32(54 + pixels.length), le32(0), le32(54));
  const info = [...le32(40), ...le32(width), ...le32(height), ...le16(1), ...le16(24), ...le32(0), ...le32(pixels.length), ...le32(2835), ...le32(2835), ...le32(0), ...le32(0)];
  return new Uint8Array([...header, ...info, ...pixels]);
}

/** An ICO holding one PNG image. */
export function icoOf(png: Uint8Array, width: number, height: number): Uint8Array {
  const entry = [width & 0xff, height & 0xff, 0, 0, ...le16(1), ...le16(32), ...le32(png.length), ...le32(22)];
  return new Uint8Array([0, 0, 1, 0, 1, 0, ...entry, ...png]);
}

/** A GIF of one colour; LZW kept trivial by a clear code before every pixel (code size stays 3). */
export function gifOf(width: number, height: number, [r, g, b]: Rgb): Uint8Array {
  const codes: number[] = [];
  for (let i = 0; i < width * height; i++) codes.push(4, 0);
  codes.push(5);
  const data: number[] = [];
  let buffer = 0, bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 3;
    while (bits >= 8) {
      data.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) data.push(buffer & 0xff);
  const blocks: number[] = [];
  for (let i = 0; i < data.length; i += 255) blocks.push(Math.min(255, data.length - i), ...data.slice(i, i + 255));
  const head = [...'GIF89a'].map((c) => c.charCodeAt(0));
  const screen = [...le16(width), ...le16(height), 0x81, 0, 0, r, g, b, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const image = [0x2c, ...le16(0), ...le16(0), ...le16(width), ...le16(height), 0, 2];
  return new Uint8Array([...head, ...screen, ...image, ...blocks, 0, 0x3b]);
}

/**
 * A WebM of `frames` frames (15 a second) recorded from a canvas painted in one colour (what a
 * camera would hand over). `streamed` records in slices, as a live recording is written: the file
 * then states no length.
 */
export async function webmOf(width: number, height: number, colour: Rgb, { frames = 12, streamed = false } = {}): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const stream = canvas.captureStream(15);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start(streamed ? 100 : undefined);
  for (let frame = 0; frame < frames; frame++) {
    context.fillStyle = css(colour);
    context.fillRect(0, 0, width, height);
    await new Promise((resolve) => setTimeout(resolve, 1000 / 15));
  }
  recorder.stop();
  await stopped;
  return new Blob(chunks, { type: 'video/webm' });
}

export const base64Of = async (data: Blob | Uint8Array) => blobToBase64(data instanceof Blob ? data : new Blob([data as Uint8Array<ArrayBuffer>]));

/** The colour of one pixel of an image blob. */
export async function pixelAt(image: Blob, x: number, y: number): Promise<Rgb> {
  const bitmap = await createImageBitmap(image);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const [r, g, b] = context.getImageData(x, y, 1, 1).data;
  return [r!, g!, b!];
}

/** True when two colours are within `tolerance` on every channel. */
export const near = (a: readonly number[], b: readonly number[], tolerance = 40) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
