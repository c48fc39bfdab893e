/**
 * The few words the status bar and the menu say about the backup: "Backed up 3 min ago", or why it
 * did not back up, and whether the dot warns (the last whole backup is older than a day). Pure:
 * node tests call it with a status and a time.
 */
import type { BackupStatus } from './backup-api';

export const STALE_MS = 24 * 60 * 60 * 1000;

export interface BackupLine {
  text: string;
  /** `ok`, `busy` (a run is under way), `warn` (older than a day, or never), `error` (it could not write). */
  tone: 'ok' | 'busy' | 'warn' | 'error';
  /** The dot: no whole backup within a day. */
  stale: boolean;
  /** The problem can be fixed by a click that asks for the folder's permission again. */
  askPermission: boolean;
}

const REASONS = {
  'no-folder': 'no backup folder chosen',
  permission: 'permission to the folder was lost',
  'folder-gone': 'the backup folder was moved or deleted',
  'disk-full': 'the disk is full',
  failed: 'the backup failed',
} as const;

export function ago(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const hours = Math.floor(min / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** Undefined when no folder was chosen and nothing failed: there is nothing to say. */
export function backupLine(status: BackupStatus | null, now: number): BackupLine | undefined {
  if (!status || (!status.configured && !status.problem)) return undefined;
  const stale = now - status.lastBackupAt > STALE_MS;
  const last = status.lastBackupAt ? `last backup ${ago(now - status.lastBackupAt)}` : 'never backed up';
  if (status.problem && status.problem.reason !== 'no-folder' && status.problem.at >= status.lastBackupAt) {
    return { text: `Not backed up: ${REASONS[status.problem.reason]} (${last})`, tone: 'error', stale, askPermission: status.problem.reason === 'permission' };
  }
  if (status.running) return { text: 'Backing up…', tone: 'busy', stale, askPermission: false };
  if (!status.lastBackupAt) return { text: 'Not backed up yet', tone: 'warn', stale: true, askPermission: false };
  return { text: `Backed up ${ago(now - status.lastBackupAt)}`, tone: stale ? 'warn' : 'ok', stale, askPermission: false };
}
