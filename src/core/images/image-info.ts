/**
 * Reads a file's type and, for images, its dimensions from its first bytes, without decoding, so
 * item/add knows `ext`, `width` and `height` when it stores an item (in node, pages and the service
 * worker alike). JPEG dimensions honour the EXIF orientation: orientations 5-8 swap them.
 */
import { exifOrientation } from './exif';

export interface FileInfo {
  mime: string;
  ext: string;
  width: number;
  height: number;
}

type Sniffer = (bytes: Uint8Array, view: DataView) => FileInfo | undefined;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

const info = (mime: string, ext: string, width = 0, height = 0): FileInfo => ({ mime, ext, width, height });

const png: Sniffer = (b, v) => (ascii(b, 1, 'PNG') && b[0] === 0x89 && b.length >= 24 ? info('image/png', 'png', v.getUint32(16), v.getUint32(20)) : undefined);

const gif: Sniffer = (b, v) => (ascii(b, 0, 'GIF8') && b.length >= 10 ? info('image/gif', 'gif', v.getUint16(6, true), v.getUint16(8, true)) : undefined);

const bmp: Sniffer = (b, v) => (ascii(b, 0, 'BM') && b.length >= 26 ? info('image/bmp', 'bmp', Math.abs(v.getInt32(18, true)), Math.abs(v.getInt32(22, true))) : undefined);

const ico: Sniffer = (b) =>
  b.length >= 8 && b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0 ? info('image/x-icon', 'ico', b[6] || 256, b[7] || 256) : undefined;

const webp: Sniffer = (b, v) => {
  if (!ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP') || b.length < 30) return undefined;
  if (ascii(b, 12, 'VP8 ')) return info('image/webp', 'webp', v.getUint16(26, true) & 0x3fff, v.getUint16(28, true) & 0x3fff);
  if (ascii(b, 12, 'VP8L')) {
    const bits = v.getUint32(21, true);
    return info('image/webp', 'webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X')) {
    const u24 = (at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
    return info('image/webp', 'webp', u24(24) + 1, u24(27) + 1);
  }
  return info('image/webp', 'webp');
};

const jpeg: Sniffer = (b, v) => {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  let orientation = 1;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return info('image/jpeg', 'jpg');
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = v.getUint16(at + 2);
    if (marker === 0xe1) orientation = exifOrientation(b.subarray(at + 4, at + 2 + length)) ?? orientation;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = v.getUint16(at + 5);
      const width = v.getUint16(at + 7);
      return orientation >= 5 ? info('image/jpeg', 'jpg', height, width) : info('image/jpeg', 'jpg', width, height);
    }
    at += 2 + length;
  }
  return info('image/jpeg', 'jpg');
};

/** AVIF/HEIC: an ISO-BMFF `ftyp` box; dimensions from the first `ispe` property. */
const isoImage: Sniffer = (b, v) => {
  if (!ascii(b, 4, 'ftyp')) return undefined;
  const brand = String.fromCharCode(...b.subarray(8, 12));
  const kind = brand === 'avif' || brand === 'avis' ? info('image/avif', 'avif') : brand.startsWith('hei') || brand === 'mif1' ? info('image/heic', 'heic') : undefined;
  if (!kind) return undefined;
  for (let at = 12; at + 16 < b.length; at++) {
    if (ascii(b, at, 'ispe')) return { ...kind, width: v.getUint32(at + 8), height: v.getUint32(at + 12) };
  }
  return kind;
};

/** Other common types, by magic number only. */
const MAGIC: ReadonlyArray<[number, string, string, string]> = [
  [0, '%PDF', 'application/pdf', 'pdf'],
  [4, 'ftypqt', 'video/quicktime', 'mov'],
  [4, 'ftyp', 'video/mp4', 'mp4'],
  [0, '\x1aE\xdf\xa3', 'video/webm', 'webm'],
  [0, 'ID3', 'audio/mpeg', 'mp3'],
  [0, 'OggS', 'audio/ogg', 'ogg'],
  [0, 'fLaC', 'audio/flac', 'flac'],
  [8, 'WAVE', 'audio/wav', 'wav'],
  [8, 'AVI ', 'video/x-msvideo', 'avi'],
  [0, 'PK\x03\x04', 'application/zip', 'zip'],
  [0, 'wOFF', 'font/woff', 'woff'],
  [0, 'wOF2', 'font/woff2', 'woff2'],
  [0, '8BPS', 'image/vnd.adobe.photoshop', 'psd'],
];

const magic: Sniffer = (b) => {
  for (const [at, text, mime, ext] of MAGIC) if (ascii(b, at, text)) return info(mime, ext);
  return undefined;
};

const svg: Sniffer = (b) => {
  const head = new TextDecoder().decode(b.subarray(0, 2048));
  const tag = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!tag) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(tag)?.[1];
  let width = Number(attr('width') ?? 0);
  let height = Number(attr('height') ?? 0);
  const box = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(tag);
  if ((!width || !height) && box) [width, height] = [Number(box[1]), Number(box[2])];
  return info('image/svg+xml', 'svg', Math.round(width), Math.round(height));
};

const SNIFFERS: readonly Sniffer[] = [png, jpeg, gif, webp, bmp, ico, isoImage, magic, svg];

/** The sniffed type and dimensions, or undefined when the bytes are of no known type. */
export function sniffFile(bytes: Uint8Array): FileInfo | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const sniff of SNIFFERS) {
    try {
      const found = sniff(bytes, view);
      if (found) return found;
    } catch {
      // A truncated header of this type: try the others.
    }
  }
  return undefined;
}

/** Bytes to read for sniffing: headers, EXIF and the JPEG frame header sit near the start. */
export const SNIFF_BYTES = 256 * 1024;
