/**
 * What a library's sync keeps on this device, in its own database's `state` table: the settings
 * (with the credentials, which never leave the device: not in a document, a status or an error)
 * and the last known status. Nothing lives in memory: a worker that was stopped reads them back.
 */
import type { LibraryDb } from '../storage/library-db';
import { isStorageFull } from './storage-full';

export const SYNC_SETTINGS_KEY = 'sync';
export const SYNC_STATUS_KEY = 'sync-status';
/** `sync-step:<document id>` → the revision the library last agreed with (the common ancestor of merges). */
export const STEP_PREFIX = 'sync-step:';

export interface SyncSettings {
  /** The database URL, without credentials. */
  url: string;
  username: string;
  password: string;
  startedAt: number;
  /** "Keep every original on this device": cycles fetch every original, not only those opened. */
  keepOriginals?: boolean;
}

/** A file the server refused (too large for its limits); its item's metadata syncs all the same. */
export interface FileError {
  /** The item's id. */
  id: string;
  /** The file's name (the item's name and extension). */
  name: string;
  file: 'original' | 'thumbnail';
  error: string;
}

export type SyncStateName = 'off' | 'connecting' | 'active' | 'idle' | 'waiting' | 'offline' | 'error';

export interface SyncStatus {
  state: SyncStateName;
  url: string | null;
  pushed: number;
  pulled: number;
  pending: number;
  conflictsMerged: number;
  lastSyncedAt: number | null;
  error: string | null;
  /** Whether cycles fetch every original (sync/start or sync/settings `keepOriginals`). */
  keepOriginals: boolean;
  /** Files the server refused as too large, by name (an empty list when none). */
  fileErrors: FileError[];
  /** The first pull under way (a fresh device bringing a library in): documents received of the server's `doc_count`; null once a cycle completed. */
  firstPull: { received: number; total: number } | null;
}

export interface StoredStatus extends Omit<SyncStatus, 'keepOriginals' | 'fileErrors'> {
  /** Absent in a status stored before files synced. */
  fileErrors?: FileError[];
  /** When a cycle last started or ended (a page drives cycles; none for a while means no page is open). */
  lastRunAt: number;
  /** When the cycle that is running started; 0 when none is. */
  runningSince: number;
}

/** With no cycle for this long, no page is driving sync: the status says `waiting`. */
export const WAITING_AFTER_MS = 30_000;
/** A cycle another worker started this long ago was cut short when that worker stopped. */
const CYCLE_LOST_AFTER_MS = 120_000;

/**
 * Library databases whose cycle runs in this worker now (two tabs may both ask). Only what this
 * worker can know of its own work: a first pull of many minutes is running while it is here,
 * however long; one stored as running that is not here belongs to a worker that stopped.
 */
export const cyclesRunningHere = new Set<string>();

export const OFF: SyncStatus = { state: 'off', url: null, pushed: 0, pulled: 0, pending: 0, conflictsMerged: 0, lastSyncedAt: null, error: null, keepOriginals: false, fileErrors: [], firstPull: null };

export async function readSettings(db: LibraryDb): Promise<SyncSettings | undefined> {
  return (await db.state.get(SYNC_SETTINGS_KEY))?.value as SyncSettings | undefined;
}

/**
 * Statuses that could not be stored because the device's storage is full, by library database: the
 * status still tells (and a cycle still runs) while nothing fits. Only a report, never the state
 * sync resumes from: a worker stopped meanwhile forgets it, and its next cycle finds the cause again.
 */
const unstored = new Map<string, StoredStatus>();

export async function readStoredStatus(db: LibraryDb): Promise<StoredStatus | undefined> {
  return unstored.get(db.name) ?? ((await db.state.get(SYNC_STATUS_KEY))?.value as StoredStatus | undefined);
}

export async function writeStatus(db: LibraryDb, status: StoredStatus): Promise<void> {
  try {
    await db.state.put({ key: SYNC_STATUS_KEY, value: status });
    unstored.delete(db.name);
  } catch (error) {
    if (!isStorageFull(error)) throw error;
    unstored.set(db.name, status);
  }
}

/** Sync stopped: the settings and the status go (the replica and its checkpoints stay). */
export async function forgetSync(db: LibraryDb): Promise<void> {
  await db.state.bulkDelete([SYNC_SETTINGS_KEY, SYNC_STATUS_KEY]);
  unstored.delete(db.name);
}

/** The status as the API answers it at `now`. */
export async function currentStatus(db: LibraryDb, now: number): Promise<SyncStatus> {
  const settings = await readSettings(db);
  const stored = await readStoredStatus(db);
  if (!settings || !stored) return OFF;
  const { lastRunAt, runningSince, ...rest } = stored;
  const status: SyncStatus = { ...rest, keepOriginals: settings.keepOriginals === true, fileErrors: stored.fileErrors ?? [], firstPull: rest.firstPull ?? null };
  const running = runningSince > 0 && (cyclesRunningHere.has(db.name) || now - runningSince < CYCLE_LOST_AFTER_MS);
  if (running) return { ...status, state: status.state === 'connecting' ? 'connecting' : 'active' };
  if (status.state !== 'error' && now - lastRunAt > WAITING_AFTER_MS) return { ...status, state: 'waiting' };
  return status;
}
