/**
 * The folder tree from folder/get, flattened for a picker: depth-first, with each folder's path. Pure.
 * folder/get may list subfolders beside their parents too (each with its subtree), so only the roots are walked.
 */
import type { Folder } from '../api-types';

export interface FolderOption {
  id: string;
  name: string;
  depth: number;
  /** "Parent / Child", to tell apart folders of the same name. */
  path: string;
}

export function folderOptions(folders: readonly Folder[]): FolderOption[] {
  const out: FolderOption[] = [];
  const walk = (folders: readonly Folder[], depth: number, prefix: string) => {
    for (const folder of folders) {
      const path = prefix ? `${prefix} / ${folder.name}` : folder.name;
      out.push({ id: folder.id, name: folder.name, depth, path });
      walk(folder.children ?? [], depth + 1, path);
    }
  };
  walk(folders.filter((f) => !f.parent), 0, '');
  return out;
}
