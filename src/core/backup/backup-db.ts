/**
 * What a library's backup remembers, in a database of its own beside the library's (the library's
 * schema stays the features' floor): per item what the folder holds (`items`), and the lease, the
 * last outcome and the root files' hashes (`state`). Losing it costs one full rewrite, nothing more.
 */
import Dexie, { type Table } from 'dexie';
import type { BackupProblem } from './backup-names';

/**
 * What the folder holds for one item: its metadata.json's hash and each other file's key; and what
 * the root files need of it (its place in the library's order, mtime.json's time, its line in
 * not-included.txt), so the last slice of a run writes them without reading every item again.
 * Rows of older backups lack the last ones until the next run refreshes them.
 */
export interface BackedUpItem {
  id: string;
  meta: string;
  files: Record<string, string>;
  pk?: string;
  mtime?: number;
  /** An original never kept: its not-included.txt line, and the item's modification time. */
  linked?: string;
  linkedAt?: number;
}

export interface BackupLease {
  owner: string;
  expiresAt: number;
}

export interface BackupOutcome {
  /** When the last whole backup ended (0: never). */
  lastBackupAt: number;
  /** Why the last try did not finish, and when; undefined after a whole backup. */
  problem?: { reason: BackupProblem; message: string; at: number };
  folderName?: string;
  items: number;
}

interface StateRow {
  /**
   * `pass`: the run in progress (backup-pass.ts), which a run sliced by maxItems goes on with;
   * `seq`: the library's item change log sequence the folder is current with; `fullAt`: when the
   * last pass over every item ended.
   */
  key: 'lease' | 'outcome' | 'root' | 'folder' | 'pass' | 'seq' | 'fullAt';
  value: unknown;
}

/** Named after its library's database, so removing a library can forget it (backup-folder.ts). */
export const backupDbName = (libraryDbName: string) => `${libraryDbName}/backup`;

export class BackupDb extends Dexie {
  items!: Table<BackedUpItem, string>;
  state!: Table<StateRow, string>;

  constructor(libraryDbName: string) {
    super(backupDbName(libraryDbName));
    this.version(1).stores({ items: 'id', state: 'key' });
  }
}

export async function readOutcome(db: BackupDb): Promise<BackupOutcome> {
  return ((await db.state.get('outcome'))?.value as BackupOutcome | undefined) ?? { lastBackupAt: 0, items: 0 };
}

export async function writeOutcome(db: BackupDb, change: Partial<BackupOutcome>): Promise<BackupOutcome> {
  return db.transaction('rw', db.state, async () => {
    const outcome = { ...(await readOutcome(db)), ...change };
    await db.state.put({ key: 'outcome', value: outcome });
    return outcome;
  });
}
