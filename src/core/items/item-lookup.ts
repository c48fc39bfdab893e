/** Lookups shared by the item services, each failing with a 404 that names the field. */
import { notFound } from '../http/errors';
import type { LibraryDb } from '../storage/library-db';
import type { FolderRow, ItemRow } from '../storage/rows';
import { rowsByKey } from '../storage/rows-by-key';

export async function requireItem(db: LibraryDb, id: string, field = 'id'): Promise<ItemRow> {
  const row = await db.items.where('id').equals(id).first();
  if (!row) throw notFound(`${field}: no item with id "${id}".`);
  return row;
}

/**
 * The folders named by each list, in its order, read once for all of them (a batch of item/add
 * names the same few dozen folders a thousand times: one range read rather than a get each, see
 * rows-by-key.ts); the first list holding an unknown id is a 404 naming its field and that id.
 */
export async function requireFolderLists(db: LibraryDb, lists: readonly { ids: readonly string[]; field: string }[]): Promise<FolderRow[][]> {
  const unique = [...new Set(lists.flatMap((list) => list.ids))];
  const rows = new Map<string, FolderRow>();
  for (const row of unique.length ? await rowsByKey(db.folders, unique) : []) if (row) rows.set(row.id, row);
  return lists.map(({ ids, field }) => {
    const missing = ids.find((id) => !rows.has(id));
    if (missing !== undefined) throw notFound(`${field}: no folder with id "${missing}".`);
    return ids.map((id) => rows.get(id)!);
  });
}

/** Tags of the given folders, which items put into those folders receive (as the desktop app does). */
export function folderTags(folders: readonly FolderRow[]): string[] {
  return folders.flatMap((folder) => folder.tags);
}
