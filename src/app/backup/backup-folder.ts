/**
 * The picked backup folder, from the page: "Back up to a folder…" asks for a directory (a click's
 * gesture), makes `<Name>.library` inside it and keeps that handle in IndexedDB, keyed by library
 * path, where the API's backup reads it (src/shared/backup-names.ts). A picked folder's
 * permission lasts while a tab holds it: after a restart only a page can ask again, on a click.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { BACKUP_FOLDERS_DB, BACKUP_FOLDERS_STORE } from '../../shared/backup-names';

type Permission = { queryPermission?(d: { mode: string }): Promise<PermissionState>; requestPermission?(d: { mode: string }): Promise<PermissionState> };
type Picker = (options: { id?: string; mode?: string }) => Promise<FileSystemDirectoryHandle>;

let store: UseStore | undefined;
const folders = () => (store ??= createStore(BACKUP_FOLDERS_DB, BACKUP_FOLDERS_STORE));

/** Whether this browser can pick a folder to write into (Chromium: yes; Firefox and Safari: no). */
export const canPickFolders = () => typeof (window as unknown as { showDirectoryPicker?: Picker }).showDirectoryPicker === 'function';

export const backupFolderOf = (libraryPath: string) => get<FileSystemDirectoryHandle>(libraryPath, folders());

/** Keeps `folder` as the library's backup folder (the picker's result, or any handle: tests pass an origin-private one). */
export const keepBackupFolder = (libraryPath: string, folder: FileSystemDirectoryHandle) => set(libraryPath, folder, folders());

export const forgetBackupFolder = (libraryPath: string) => del(libraryPath, folders());

/** Asks for a folder and keeps `<libraryName>.library` inside it; undefined when cancelled. */
export async function chooseBackupFolder(libraryPath: string, libraryName: string): Promise<FileSystemDirectoryHandle | undefined> {
  let picked: FileSystemDirectoryHandle;
  try {
    picked = await (window as unknown as { showDirectoryPicker: Picker }).showDirectoryPicker({ id: 'backup', mode: 'readwrite' });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') return undefined;
    throw error;
  }
  // A folder already named like a library is the backup itself (picked again); else the library goes inside.
  const folder = picked.name.endsWith('.library') ? picked : await picked.getDirectoryHandle(`${libraryName}.library`, { create: true });
  await keepBackupFolder(libraryPath, folder);
  return folder;
}

/** Asks again for the permission the browser dropped (must run in a click); true when granted. */
export async function allowBackupFolder(libraryPath: string): Promise<boolean> {
  const folder = (await backupFolderOf(libraryPath)) as (FileSystemDirectoryHandle & Permission) | undefined;
  if (!folder) return false;
  if (!folder.requestPermission) return true;
  return (await folder.requestPermission({ mode: 'readwrite' })) === 'granted';
}
