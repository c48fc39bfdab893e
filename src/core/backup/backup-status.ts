/**
 * How the library's backup stands (GET library/backup). Small on purpose: every page asks it soon
 * after start, while the writer (./backup-start.ts) loads only when a folder is to be written.
 */
import type { OpenLibrary } from '../context';
import { BackupDb, readOutcome, type BackupOutcome } from './backup-db';
import { backupFolderOf } from './backup-folder';
import { leaseHeld } from './backup-lease';
import type { BackupRunStatus } from './backup-run';

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
