/**
 * A thumbnail is used only when its bytes are an image the browser decodes: `_thumbnail.png` often
 * holds WebP or JPEG (library-format.md §3.5), so the magic bytes decide, never the name.
 */
const SIGNATURES: readonly { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/webp', test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { type: 'image/gif', test: (b) => ascii(b, 0, 'GIF8') },
];

const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));

/** The image type of the bytes, or undefined when they are none of the thumbnail formats. */
export function imageTypeOf(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find((signature) => signature.test(bytes))?.type;
}

/** The thumbnail typed by its bytes, or undefined when they are not a known image. */
export function sniffThumbnail(bytes: Uint8Array | undefined): Blob | undefined {
  if (!bytes || bytes.length < 16) return undefined;
  const type = imageTypeOf(bytes);
  return type ? new Blob([bytes as Uint8Array<ArrayBuffer>], { type }) : undefined;
}
