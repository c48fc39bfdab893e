import { describe, expect, it } from 'vitest';
import { sniffFile, type FileInfo } from '../../src/core/images/image-info';
import { splitFileName } from '../../src/core/images/mime';
import { jpegHeader, pngBytes } from './fixtures/images';

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...values: number[]) => new Uint8Array(values);

describe('sniffFile', () => {
  it('reads PNG dimensions', async () => {
    expect(sniffFile(await pngBytes(37, 21))).toEqual({ mime: 'image/png', ext: 'png', width: 37, height: 21 });
  });

  it.each([
    ['no orientation', undefined, 4000, 3000],
    ['orientation 1', 1, 4000, 3000],
    ['orientation 3 (upside down)', 3, 4000, 3000],
    ['orientation 6 (rotated): portrait', 6, 3000, 4000],
    ['orientation 8 (rotated): portrait', 8, 3000, 4000],
  ])('reads JPEG dimensions with %s', (_name, orientation, width, height) => {
    expect(sniffFile(jpegHeader(4000, 3000, orientation))).toEqual({ mime: 'image/jpeg', ext: 'jpg', width, height });
  });

  it.each<[string, Uint8Array, Partial<FileInfo>]>([
    ['GIF', bytes(...text('GIF89a'), 10, 0, 20, 0), { ext: 'gif', width: 10, height: 20 }],
    ['BMP', (() => { const b = new Uint8Array(30); b.set(text('BM')); new DataView(b.buffer).setInt32(18, 64, true); new DataView(b.buffer).setInt32(22, -32, true); return b; })(), { ext: 'bmp', width: 64, height: 32 }],
    ['ICO', bytes(0, 0, 1, 0, 1, 0, 0, 0), { ext: 'ico', width: 256, height: 256 }],
    ['SVG with width/height', text('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"></svg>'), { ext: 'svg', width: 120, height: 80 }],
    ['SVG with a viewBox', text('<?xml version="1.0"?><svg viewBox="0 0 300 150"></svg>'), { ext: 'svg', width: 300, height: 150 }],
    ['PDF', text('%PDF-1.7 ...'), { ext: 'pdf', mime: 'application/pdf' }],
    ['MP4', bytes(0, 0, 0, 24, ...text('ftypisom')), { ext: 'mp4' }],
  ])('recognises %s', (_name, input, expected) => {
    expect(sniffFile(input)).toMatchObject(expected);
  });

  it('answers undefined for unknown bytes, and survives truncated headers', () => {
    expect(sniffFile(text('just some text'))).toBeUndefined();
    expect(sniffFile(bytes(0x89, ...text('PNG')))).toBeUndefined();
    expect(sniffFile(bytes(0xff, 0xd8, 0xff))).toMatchObject({ ext: 'jpg' });
  });
});

describe('splitFileName', () => {
  it.each([
    ['cat.PNG', 'cat', 'png'],
    ['photo.final.jpg', 'photo.final', 'jpg'],
    ['README', 'README', ''],
    ['.hidden', '.hidden', ''],
    ['my file.with spaces', 'my file.with spaces', ''],
  ])('%s → %s + %s', (input, name, ext) => {
    expect(splitFileName(input)).toEqual({ name, ext });
  });
});
