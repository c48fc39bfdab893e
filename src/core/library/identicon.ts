/** A library's icon: a symmetric 5×5 pattern derived from its path, so every library looks distinct. */
import { encodePng } from '../images/png-encode';

const CELLS = 5;
const CELL = 28;
const MARGIN = 10;
export const ICON_SIZE = CELLS * CELL + 2 * MARGIN;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function hueToRgb(hue: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (0.55 - 0.35 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

export async function identiconPng(seed: string): Promise<Uint8Array<ArrayBuffer>> {
  const h = hash(seed);
  const [r, g, b] = hueToRgb(h % 360);
  const on = (col: number, row: number) => ((h >>> (row * 3 + Math.min(col, CELLS - 1 - col))) & 1) === 1;
  const pixels = new Uint8Array(ICON_SIZE * ICON_SIZE * 4);
  for (let y = 0; y < ICON_SIZE; y++) {
    for (let x = 0; x < ICON_SIZE; x++) {
      const col = Math.floor((x - MARGIN) / CELL);
      const row = Math.floor((y - MARGIN) / CELL);
      const inside = col >= 0 && col < CELLS && row >= 0 && row < CELLS;
      const lit = inside && on(col, row);
      pixels.set(lit ? [r, g, b, 255] : [240, 240, 240, 255], (y * ICON_SIZE + x) * 4);
    }
  }
  return encodePng(ICON_SIZE, ICON_SIZE, pixels);
}
