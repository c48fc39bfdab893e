/**
 * Where a library's backup folder handle is kept: an idb-keyval store, keyed by library path. The
 * page puts the picked handle there (a request body cannot carry a handle); the backup reads it.
 * Pure names, no storage: the web app imports them too.
 */
export const BACKUP_FOLDERS_DB = 'backup/folders';
export const BACKUP_FOLDERS_STORE = 'keyval';

/** Why a backup did not run or did not finish, as the status bar words it. */
export type BackupProblem = 'no-folder' | 'permission' | 'folder-gone' | 'disk-full' | 'failed';
