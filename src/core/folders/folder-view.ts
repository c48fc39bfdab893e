/** The API shape of folders (docs/contract.md#folders), nested `children` plus `parent` (ours). */
import type { LibraryDb } from '../storage/library-db';
import type { FolderRow } from '../storage/rows';
import { buildForest, type Forest } from '../shared/forest';

export interface FolderView {
  id: string;
  name: string;
  description: string;
  children: FolderView[];
  modificationTime: number;
  tags: string[];
  iconColor: string;
  imageCount: number;
  parent: string | null;
}

export function folderView(row: FolderRow, children: FolderView[] = []): FolderView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    children,
    modificationTime: row.modificationTime,
    tags: row.tags,
    iconColor: row.iconColor,
    imageCount: row.imageCount,
    parent: row.parent,
  };
}

export async function folderForest(db: LibraryDb): Promise<Forest<FolderView>> {
  return buildForest(await db.folders.toArray(), folderView);
}
