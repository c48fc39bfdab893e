/**
 * The folder the web app shows, set by folder/open and read by folder/get `isSelected`. Kept in the
 * library's `state` table (docs/decisions/folder-open-selects.md), never in worker memory.
 */
import type { LibraryDb } from '../storage/library-db';
import { RECENT_FOLDERS_KEY } from './folder-bookkeeping';

export const SELECTED_FOLDER_KEY = 'selectedFolder';

export async function selectedFolderId(db: LibraryDb): Promise<string | undefined> {
  const value = (await db.state.get(SELECTED_FOLDER_KEY))?.value;
  return typeof value === 'string' ? value : undefined;
}

export async function selectFolder(db: LibraryDb, id: string): Promise<void> {
  await db.state.put({ key: SELECTED_FOLDER_KEY, value: id });
}

/** Folder ids most recently used for adding or moving items, newest first. */
export async function recentFolderIds(db: LibraryDb): Promise<string[]> {
  const value = (await db.state.get(RECENT_FOLDERS_KEY))?.value;
  return Array.isArray(value) ? (value as string[]) : [];
}
