/** The API shape of smart folders (docs/contract.md#smart-folders), with their kept `imageCount` (count-store.ts) and `parent` (ours). */
import type { Context, OpenLibrary } from '../context';
import { buildForest, type Forest } from '../shared/forest';
import type { LibraryDb } from '../storage/library-db';
import type { SmartFolderRow } from '../storage/rows';
import { smartFolderCounts } from './count-store';

export interface SmartFolderView {
  id: string;
  name: string;
  conditions: unknown[];
  description: string;
  icon: string;
  iconColor: string;
  children: SmartFolderView[];
  modificationTime: number;
  imageCount: number;
  parent: string | null;
}

export function smartFolderView(row: SmartFolderRow, children: SmartFolderView[], imageCount: number): SmartFolderView {
  return {
    id: row.id,
    name: row.name,
    conditions: row.conditions,
    description: row.description,
    icon: row.icon,
    iconColor: row.iconColor,
    children,
    modificationTime: row.modificationTime,
    imageCount,
    parent: row.parent,
  };
}

/** Every smart folder, nested, each with the number of items it holds (within its parent's); counts are kept (count-store.ts). */
export async function smartFolderForestOf(db: LibraryDb, now: number): Promise<Forest<SmartFolderView>> {
  const { rows, counts } = await smartFolderCounts(db, now);
  return buildForest(rows, (row, children: SmartFolderView[]) => smartFolderView(row, children, counts.get(row.id) ?? 0));
}

export function smartFolderForest(ctx: Context, library: OpenLibrary): Promise<Forest<SmartFolderView>> {
  return smartFolderForestOf(library.db, ctx.clock());
}
