/**
 * Fixed-size cells: from the grid's width and the thumbnail size, the column count and the size of
 * a cell and a row. Layout is then O(1) per row, whatever the item count (the lesson of Immich's
 * 70k-item freeze). Columns grow when the rows would pass the browser's cap on a scroll box's height
 * (about 16.7M px in Chromium), so every item of a 100k library stays reachable at any size.
 */

export const MIN_THUMB = 80;
export const MAX_THUMB = 400;
export const DEFAULT_THUMB = 160;
export const GAP = 8;
export const PADDING = 12;
/** The name line under each thumbnail. */
export const LABEL_HEIGHT = 26;
/** Under the ~16.7M px a Chromium scroll box can be, with room to spare. */
export const MAX_SCROLL_HEIGHT = 15_000_000;

export interface GridGeometry {
  columns: number;
  rows: number;
  cellWidth: number;
  rowHeight: number;
}

export function clampThumb(size: number): number {
  return Math.min(MAX_THUMB, Math.max(MIN_THUMB, Math.round(size)));
}

export function gridGeometry(width: number, thumbSize: number, count: number): GridGeometry {
  const inner = Math.max(MIN_THUMB, width - 2 * PADDING);
  let columns = Math.max(1, Math.floor((inner + GAP) / (clampThumb(thumbSize) + GAP)));
  for (;;) {
    const cellWidth = Math.floor((inner - GAP * (columns - 1)) / columns);
    const rowHeight = cellWidth + LABEL_HEIGHT + GAP;
    const rows = Math.ceil(count / columns);
    if (rows * rowHeight <= MAX_SCROLL_HEIGHT || cellWidth <= MIN_THUMB / 2) return { columns, rows, cellWidth, rowHeight };
    columns += 1;
  }
}

/** The slider moves on a square-root scale: small sizes get finer steps, as in Eagle. */
export function sliderToThumb(position: number): number {
  const t = Math.min(1, Math.max(0, position / 100));
  return clampThumb(MIN_THUMB + (MAX_THUMB - MIN_THUMB) * t * t);
}

export function thumbToSlider(size: number): number {
  return Math.round(Math.sqrt((clampThumb(size) - MIN_THUMB) / (MAX_THUMB - MIN_THUMB)) * 100);
}
