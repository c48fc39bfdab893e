/** The backup folder handle the page picked for a library (see backup-names.ts). */
import Dexie from 'dexie';
import { createStore, del, get, type UseStore } from 'idb-keyval';
import { backupDbName } from './backup-db';
import { BACKUP_FOLDERS_DB, BACKUP_FOLDERS_STORE } from './backup-names';

let store: UseStore | undefined;
const folders = () => (store ??= createStore(BACKUP_FOLDERS_DB, BACKUP_FOLDERS_STORE));

export const backupFolderOf = (path: string) => get<FileSystemDirectoryHandle>(path, folders());

/**
 * A removed library's backup is forgotten: its folder's handle and what its backup remembered
 * (backup-db.ts, named after `libraryDbName`). Paths come from names, so a new library of the same
 * name would otherwise take the folder over, and its first run would delete the removed library's
 * item folders there: its only copy. The folder's files stay.
 */
export async function forgetBackup(path: string, libraryDbName: string): Promise<void> {
  await del(path, folders());
  await Dexie.delete(backupDbName(libraryDbName));
}

/**
 * Whether this context may write into the folder now. A picked folder's permission lasts while a
 * tab of the site holds it; only a page can ask again (requestPermission needs a click). The
 * origin-private file system has no permission to ask: its handles lack nothing.
 */
export async function canWrite(dir: FileSystemDirectoryHandle): Promise<boolean> {
  const query = (dir as { queryPermission?: (d: { mode: string }) => Promise<PermissionState> }).queryPermission;
  return !query || (await query.call(dir, { mode: 'readwrite' })) === 'granted';
}
