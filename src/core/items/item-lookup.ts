/** Lookups shared by the item services, each failing with a 404 that names the field. */
import { notFound } from '../http/errors';
import type { LibraryDb } from '../storage/library-db';
import type { FolderRow, ItemRow } from '../storage/rows';

export async function requireItem(db: LibraryDb, id: string, field = 'id'): Promise<ItemRow> {
  const row = await db.items.where('id').equals(id).first();
  if (!row) throw notFound(`${field}: no item with id "${id}".`);
  return row;
}

/** Tags of the given folders, which items put into those folders receive (as the desktop app does). */
export function folderTags(folders: readonly FolderRow[]): string[] {
  return folders.flatMap((folder) => folder.tags);
}
