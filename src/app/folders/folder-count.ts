/**
 * What a folder's number counts, in words: its own items, never its subfolders' (as the API's
 * `imageCount` and Eagle do; docs/decisions/folder-counts-own-items.md). Said out loud only where
 * a folder has subfolders, the one case where a person could read the number otherwise. Pure.
 */
import type { Folder } from '../api-types';
import { plural } from '../ui/format';

export function folderCountWords(folder: Pick<Folder, 'imageCount' | 'children'>): string {
  const items = plural(folder.imageCount, 'item');
  return folder.children.length ? `${items} in this folder, not counting subfolders` : items;
}

/** The note beside a folder view's total when the folder has subfolders. */
export const SUBFOLDERS_NOT_COUNTED = 'not counting its subfolders';
