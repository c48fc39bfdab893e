/** POST library/backup: one run (or a slice) into the library's picked folder, when it may write there. */
import type { OpenLibrary } from '../context';
import { BackupDb, writeOutcome } from './backup-db';
import { backupFolderOf, canWrite } from './backup-folder';
import { backUpLibrary } from './backup-run';
import { backupStatus, type BackupAnswer } from './backup-status';

export async function runBackup(library: OpenLibrary, clock: () => number, owner: string, maxItems?: number): Promise<BackupAnswer> {
  const folder = await backupFolderOf(library.record.path);
  const none = { items: 0, files: 0, bytes: 0, removed: 0 };
  if (!folder) return { ...(await backupStatus(library, clock())), status: 'failed', written: none, problem: { reason: 'no-folder', message: 'No backup folder was chosen for this library.', at: clock() } };
  if (!(await canWrite(folder))) {
    const db = new BackupDb(library.db.name);
    try {
      const problem = { reason: 'permission' as const, message: `The browser no longer lets this site write to "${folder.name}".`, at: clock() };
      await writeOutcome(db, { problem, folderName: folder.name });
    } finally {
      db.close();
    }
    return { ...(await backupStatus(library, clock())), status: 'failed', written: none };
  }
  const run = await backUpLibrary(library, folder, { clock, owner, maxItems });
  const { items, files, bytes, removed } = run;
  return { ...(await backupStatus(library, clock())), status: run.status, written: { items, files, bytes, removed } };
}
