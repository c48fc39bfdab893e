/**
 * Questions about the folder tree (folder/get's roots, each nesting its children) that moving a
 * folder asks: where it sits, what lies inside it, and what dropping it on a row would do. Pure.
 */
import type { Folder } from '../api-types';
import { folderOptions, type FolderOption } from '../inspector/folder-options';

export function findFolder(roots: readonly Folder[], id: string): Folder | undefined {
  for (const folder of roots) {
    if (folder.id === id) return folder;
    const inner = findFolder(folder.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The folder and every folder nested in it, at any depth (empty when it is unknown). */
export function subtreeIds(roots: readonly Folder[], id: string): Set<string> {
  const out = new Set<string>();
  const walk = (folder: Folder) => {
    out.add(folder.id);
    folder.children.forEach(walk);
  };
  const folder = findFolder(roots, id);
  if (folder) walk(folder);
  return out;
}

/**
 * What dropping folder `dragged` on `target` (a folder id, or null for the top level) does:
 * `none` when it is already there (or dropped on itself), `inside` when the target is nested in it
 * (the API refuses that move), else `move`.
 */
export type FolderDrop = 'none' | 'inside' | 'move';

export function folderDrop(roots: readonly Folder[], dragged: string, target: string | null): FolderDrop {
  const folder = findFolder(roots, dragged);
  if (!folder || target === dragged || (folder.parent ?? null) === target) return 'none';
  if (target !== null && subtreeIds(roots, dragged).has(target)) return 'inside';
  return 'move';
}

export interface MoveTarget extends FolderOption {
  /** False for the folder itself and the folders inside it. */
  allowed: boolean;
  /** The folder's present parent. */
  current: boolean;
}

/** Every folder, depth-first, marked with whether `id` may move under it ("Move to…"). */
export function moveTargets(roots: readonly Folder[], id: string): MoveTarget[] {
  const inside = subtreeIds(roots, id);
  const parent = findFolder(roots, id)?.parent ?? null;
  return folderOptions(roots).map((option) => ({ ...option, allowed: !inside.has(option.id), current: option.id === parent }));
}
