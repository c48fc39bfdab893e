/**
 * The app's icons and manifest screenshots, drawn at build time (tools/vite-plugin-web-app.ts): a
 * dark tile holding a 2×2 grid of coloured thumbnails. The maskable icon is full-bleed with the grid
 * inside the central 80% circle that launchers may cut out. Screenshots are schematic drawings of the
 * app's layout (header, sidebar, thumbnail grid), not captures.
 */
import { hex, Raster, type Rgb } from './raster.ts';

export const THEME_COLOUR = '#24324a';
export const BACKGROUND_COLOUR = '#fafafa';

const THEME = hex(THEME_COLOUR);
const TILES: Rgb[] = ['#f2b134', '#e4572e', '#17bebb', '#f4f1de'].map(hex);
const THUMBNAILS: Rgb[] = ['#f2b134', '#e4572e', '#17bebb', '#76b041', '#5b5f97', '#ff8c61', '#2e86ab', '#c9cba3'].map(hex);

/** Four thumbnails in a square of side `span` centred in the raster. */
function tiles(raster: Raster, span: number): Raster {
  const size = raster.width;
  const gap = span * 0.08;
  const tile = (span - gap) / 2;
  const start = (size - span) / 2;
  TILES.forEach((colour, index) => {
    const x = start + (index % 2) * (tile + gap);
    const y = start + Math.floor(index / 2) * (tile + gap);
    raster.rect(x, y, tile, tile, tile * 0.14, colour);
  });
  return raster;
}

export function drawIcon(size: number): Raster {
  return tiles(new Raster(size, size).rect(0, 0, size, size, size * 0.22, THEME), size * 0.56);
}

/** Safe zone: the grid's corners stay within the central circle of 80% diameter. */
export function drawMaskableIcon(size: number): Raster {
  return tiles(new Raster(size, size, THEME), size * 0.5);
}

export function drawScreenshot(width: number, height: number): Raster {
  const raster = new Raster(width, height, hex(BACKGROUND_COLOUR));
  const wide = width > height;
  const header = 56;
  raster.rect(0, 0, width, header, 0, THEME);
  raster.rect(16, 18, 180, 20, 6, hex('#e8ecf3'));
  raster.rect(width - (wide ? 416 : 176), 14, wide ? 400 : 160, 28, 14, hex('#3a4a66'));
  const sidebar = wide ? 240 : 0;
  if (sidebar) {
    raster.rect(0, header, sidebar, height - header, 0, hex('#eef0f4'));
    for (let row = 0; row < 9; row++) raster.rect(20, header + 24 + row * 36, 120 + ((row * 37) % 80), 14, 7, hex(row === 1 ? '#24324a' : '#c7ccd6'));
  }
  const columns = wide ? 6 : 2;
  const gap = 16;
  const cell = (width - sidebar - gap * (columns + 1)) / columns;
  for (let index = 0; ; index++) {
    const x = sidebar + gap + (index % columns) * (cell + gap);
    const y = header + gap + Math.floor(index / columns) * (cell + 40 + gap);
    if (y >= height) break;
    raster.rect(x, y, cell, cell, 10, THUMBNAILS[(index * 5) % THUMBNAILS.length]!);
    raster.rect(x, y + cell + 12, cell * (0.4 + ((index * 13) % 5) / 10), 12, 6, hex('#c7ccd6'));
  }
  return raster;
}
