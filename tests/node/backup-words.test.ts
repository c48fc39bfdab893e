// The backup's words in the status bar and the menu (issue 44): when, why not, and the dot.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupStatus } from '../../src/app/backup/backup-api';
import { BackupStore } from '../../src/app/backup/backup-store';
import { ago, backupLine, STALE_MS } from '../../src/app/backup/backup-words';
import { zipReminder } from '../../src/app/backup/zip-reminder';

const NOW = 1_800_000_000_000;
const MIN = 60_000;
const status = (patch: Partial<BackupStatus>): BackupStatus => ({ configured: true, running: false, lastBackupAt: NOW - 3 * MIN, items: 10, folderName: 'A.library', ...patch });

describe('backup words', () => {
  it.each([
    [status({}), { text: 'Backed up 3 min ago', tone: 'ok', stale: false, askPermission: false }],
    [status({ lastBackupAt: NOW - 20 * 1000 }), { text: 'Backed up just now', tone: 'ok', stale: false }],
    [status({ lastBackupAt: NOW - STALE_MS - MIN }), { text: 'Backed up 1 day ago', tone: 'warn', stale: true }],
    [status({ lastBackupAt: 0 }), { text: 'Not backed up yet', tone: 'warn', stale: true }],
    [status({ running: true }), { text: 'Backing up…', tone: 'busy' }],
    [status({ problem: { reason: 'permission', message: '', at: NOW - MIN } }), { text: 'Not backed up: permission to the folder was lost (last backup 3 min ago)', tone: 'error', askPermission: true }],
    [status({ problem: { reason: 'folder-gone', message: '', at: NOW } }), { text: 'Not backed up: the backup folder was moved or deleted (last backup 3 min ago)', tone: 'error', askPermission: false }],
    [status({ lastBackupAt: 0, problem: { reason: 'disk-full', message: '', at: NOW } }), { text: 'Not backed up: the disk is full (never backed up)', tone: 'error', stale: true }],
    // A problem older than the last whole backup was fixed since.
    [status({ problem: { reason: 'disk-full', message: '', at: NOW - 10 * MIN } }), { text: 'Backed up 3 min ago', tone: 'ok' }],
  ])('%#: %j', (input, expected) => {
    expect(backupLine(input, NOW)).toMatchObject(expected);
  });

  it('says nothing when no folder was chosen', () => {
    expect(backupLine(null, NOW)).toBeUndefined();
    expect(backupLine(status({ configured: false, lastBackupAt: 0 }), NOW)).toBeUndefined();
  });

  it.each([
    [30 * 1000, 'just now'],
    [59 * MIN, '59 min ago'],
    [5 * 60 * MIN, '5 h ago'],
    [3 * STALE_MS, '3 days ago'],
  ])('ago(%i) is %s', (ms, text) => expect(ago(ms)).toBe(text));

  it('reminds to export a zip every N days where no folder can be written', () => {
    const DAY = STALE_MS;
    expect(zipReminder(NOW, 7, 0)).toBe('Export a zip: none yet on this device');
    expect(zipReminder(NOW, 7, NOW - 6 * DAY)).toBeUndefined();
    expect(zipReminder(NOW, 7, NOW - 9 * DAY)).toBe('Export a zip: the last was 9 days ago');
    expect(zipReminder(NOW, 0, 0)).toBeUndefined();
  });
});

describe('the backup store and the zip reminder', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells what shows the reminder when a zip is exported or the reminder changes', () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value) });
    const store = new BackupStore();
    let told = 0;
    store.subscribe(() => told++);
    expect(zipReminder(NOW)).toBe('Export a zip: none yet on this device');
    store.remindEvery(0);
    expect(told).toBe(1);
    expect(zipReminder(NOW)).toBeUndefined();
    store.remindEvery(30);
    store.zipExported(NOW);
    expect(told).toBe(3);
    expect(store.now).toBe(NOW);
    expect(zipReminder(NOW + 29 * STALE_MS)).toBeUndefined();
    expect(zipReminder(NOW + 31 * STALE_MS)).toBe('Export a zip: the last was 31 days ago');
  });
});
