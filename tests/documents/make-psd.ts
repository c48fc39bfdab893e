/** PSDs written with ag-psd's writePsd: one layer and a composite image of one colour. */
import { writePsd } from 'ag-psd';

/** A width × height PSD whose composite is `[r, g, b]`, as bytes (works in node and in browsers). */
export function makePsd(width: number, height: number, [r, g, b]: [number, number, number]): Uint8Array {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  const imageData = { width, height, data };
  const buffer = writePsd({ width, height, imageData, children: [{ name: 'Colour', imageData, top: 0, left: 0 }] }, { generateThumbnail: false });
  return new Uint8Array(buffer);
}
