/**
 * The backup as requests see it: runs one (or a slice) into the library's picked folder, or says
 * how the last one went. Loaded on first use: a worker start never needs it.
 */
import type { OpenLibrary } from '../context';
import { BackupDb, readOutcome, writeOutcome, type BackupOutcome } from './backup-db';
import { backupFolderOf, canWrite } from './backup-folder';
import { leaseHeld } from './backup-lease';
import { backUpLibrary, type BackupRunStatus } from './backup-run';

export interface BackupStatus extends BackupOutcome {
  /** A folder was picked for this library. */
  configured: boolean;
  /** A run holds the lease now (this or another tab). */
  running: boolean;
}

export interface BackupAnswer extends BackupStatus {
  status: BackupRunStatus;
  /** What this run wrote: item folders, files, bytes, entries removed. */
  written: { items: number; files: number; bytes: number; removed: number };
}

export async function backupStatus(library: OpenLibrary, now: number): Promise<BackupStatus> {
  const db = new BackupDb(library.db.name);
  try {
    const [folder, outcome, running] = await Promise.all([backupFolderOf(library.record.path), readOutcome(db), leaseHeld(db, now)]);
    return { ...outcome, folderName: folder?.name ?? outcome.folderName, configured: !!folder, running };
  } finally {
    db.close();
  }
}

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
