/**
 * The API shape of smart folders (api-v2.md). `imageCount` needs the rule engine (the smart-folder
 * issue); until it lands, smart folders cannot be created, so the forest is always empty.
 */
import type { Context, OpenLibrary } from '../context';
import { buildForest, type Forest } from '../shared/forest';
import type { SmartFolderRow } from '../storage/rows';

export interface SmartFolderView {
  id: string;
  name: string;
  conditions: unknown[];
  description: string;
  icon: string;
  iconColor: string;
  children: SmartFolderView[];
  modificationTime: number;
  parent: string | null;
}

export function smartFolderView(row: SmartFolderRow, children: SmartFolderView[] = []): SmartFolderView {
  return {
    id: row.id,
    name: row.name,
    conditions: row.conditions,
    description: row.description,
    icon: row.icon,
    iconColor: row.iconColor,
    children,
    modificationTime: row.modificationTime,
    parent: row.parent,
  };
}

export async function smartFolderForest(_ctx: Context, library: OpenLibrary): Promise<Forest<SmartFolderView>> {
  return buildForest(await library.db.smartFolders.toArray(), smartFolderView);
}
