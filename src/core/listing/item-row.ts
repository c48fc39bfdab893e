/**
 * Fields of an item row that are derived from the others (sort keys, facets, the primary key).
 * Every write of an item row passes through `withDerivedFields`, so the indexes never disagree
 * with the data.
 */
import { TRASHED, UNFILED, UNTAGGED } from '../storage/counts';
import type { ItemRow } from '../storage/rows';
import { foldText } from './fold-text';

export type Shape = 'square' | 'portrait' | 'panoramic-portrait' | 'landscape' | 'panoramic-landscape';
export const SHAPES: readonly Shape[] = ['square', 'portrait', 'panoramic-portrait', 'landscape', 'panoramic-landscape'];

export { UNFILED, UNTAGGED };
export const BOOKMARK = 'bookmark';
export const shapeFacet = (shape: Shape) => `shape:${shape}`;

/** Shape from the width/height ratio (docs/contract.md#items); none without dimensions. */
export function shapeOf(width: number, height: number): Shape | undefined {
  if (!(width > 0 && height > 0)) return undefined;
  const r = width / height;
  if (r >= 0.95 && r <= 1.05) return 'square';
  if (r > 1.05 && r < 2) return 'landscape';
  if (r >= 2) return 'panoramic-landscape';
  if (r > 0.5 && r < 0.95) return 'portrait';
  return 'panoramic-portrait';
}

/** The primary key: import time in fixed-width base 36, then the id (see docs/decisions). */
export function itemPk(importedAt: number, id: string): string {
  return `${Math.max(0, Math.floor(importedAt)).toString(36).padStart(10, '0')}:${id}`;
}

export function facetsOf(row: Pick<ItemRow, 'isDeleted' | 'tags' | 'folders' | 'width' | 'height' | 'ext'>): string[] {
  const facets: string[] = [];
  if (row.isDeleted) facets.push(TRASHED);
  if (row.tags.length === 0) facets.push(UNTAGGED);
  if (row.folders.length === 0) facets.push(UNFILED);
  if (row.ext === 'url') facets.push(BOOKMARK);
  const shape = shapeOf(row.width, row.height);
  if (shape) facets.push(shapeFacet(shape));
  return facets;
}

export function withDerivedFields(row: ItemRow): ItemRow {
  return {
    ...row,
    pk: itemPk(row.importedAt, row.id),
    nameKey: foldText(row.name),
    ext: row.ext.toLowerCase(),
    pixels: row.width * row.height,
    tags: [...new Set(row.tags)],
    folders: [...new Set(row.folders)],
    facets: facetsOf(row),
  };
}
