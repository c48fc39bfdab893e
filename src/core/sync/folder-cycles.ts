/**
 * Two devices may each move a folder (or a smart folder) under the other (A under B on one, B
 * under A on the other): merged, the folders form a cycle. Every device breaks it the same way,
 * from the documents alone: the folder of the cycle moved last (greatest modificationTime, then
 * greatest id) goes to the root.
 */
export interface FolderLink {
  id: string;
  parent: string | null;
  modificationTime: number;
}

/** Ids of the folders to move to the root, one per cycle. */
export function foldersBreakingCycles(folders: readonly FolderLink[]): string[] {
  const byId = new Map(folders.map((folder) => [folder.id, { ...folder }]));
  const moved: string[] = [];
  const settled = new Set<string>();
  for (const start of [...byId.keys()].sort()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | null = start;
    while (current !== null && byId.has(current) && !settled.has(current)) {
      if (onPath.has(current)) {
        const cycle = path.slice(path.indexOf(current)).map((id) => byId.get(id)!);
        const last = cycle.reduce((a, b) => (b.modificationTime > a.modificationTime || (b.modificationTime === a.modificationTime && b.id > a.id) ? b : a));
        last.parent = null;
        moved.push(last.id);
        break;
      }
      onPath.add(current);
      path.push(current);
      current = byId.get(current)!.parent;
    }
    for (const id of path) settled.add(id);
  }
  return moved;
}
