/** The EXIF orientation tag (0x0112) from a JPEG APP1 segment body ("Exif\0\0" + TIFF). */
export function exifOrientation(segment: Uint8Array): number | undefined {
  if (segment.length < 14 || String.fromCharCode(...segment.subarray(0, 4)) !== 'Exif') return undefined;
  const tiff = new DataView(segment.buffer, segment.byteOffset + 6, segment.byteLength - 6);
  const little = tiff.getUint16(0) === 0x4949;
  const ifd = tiff.getUint32(4, little);
  const entries = tiff.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > tiff.byteLength) return undefined;
    if (tiff.getUint16(at, little) === 0x0112) {
      const value = tiff.getUint16(at + 8, little);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}
