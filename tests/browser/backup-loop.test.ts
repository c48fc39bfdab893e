// The page's backup loop (src/app/backup/backup-loop.ts) against the real service worker and its
// real change stream: an edit leads to a backup with no click and no call of ours (the settle
// delay set short; nothing here times it), and a folder deleted under the backup is reported as
// gone. The folder is in the origin-private file system.
import { describe, expect, it } from 'vitest';
import { keepBackupFolder } from '../../src/app/backup/backup-folder';
import { startBackupLoop } from '../../src/app/backup/backup-loop';
import { BackupStore } from '../../src/app/backup/backup-store';
import { backupLine } from '../../src/app/backup/backup-words';
import { isolatedClient } from './service-worker';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function itemFolders(folder: FileSystemDirectoryHandle): Promise<string[]> {
  const images = await folder.getDirectoryHandle('images');
  const ids: string[] = [];
  for await (const name of (images as unknown as { keys(): AsyncIterable<string> }).keys()) ids.push(name.replace(/\.info$/, ''));
  return ids.sort();
}

async function setUp() {
  const { client, library } = await isolatedClient();
  const { ids } = await client.post<{ ids: string[] }>('/item/add', { items: [1, 2].map((n) => ({ name: `kept ${n}`, bookmarkURL: `https://example.com/${n}` })) });
  const parentName = unique('loop');
  const root = await navigator.storage.getDirectory();
  const folder = await (await root.getDirectoryHandle(parentName, { create: true })).getDirectoryHandle('Loop.library', { create: true });
  await keepBackupFolder(library, folder);
  const store = new BackupStore(() => library);
  // The schedule is an hour away: within this test only a change can start a run after the first.
  const stop = startBackupLoop(store, { library, settleMs: 300, periodMs: 3_600_000 });
  const idle = () => expect.poll(() => !!store.status && !store.status.running && !('status' in store.status && store.status.status === 'partial'), { timeout: 30_000 }).toBe(true);
  return { client, library, ids, folder, root, parentName, store, stop, idle };
}

describe('the page backup loop, through the real worker', () => {
  it('backs up an edit once changes settle, without a click', async () => {
    const { client, ids, folder, store, stop, idle } = await setUp();
    try {
      await expect.poll(() => store.status?.lastBackupAt ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
      await idle();
      expect(await itemFolders(folder)).toEqual([...ids].sort());
      const first = store.status!.lastBackupAt;

      const { id } = await client.post<{ id: string }>('/item/add', { name: 'added later', bookmarkURL: 'https://example.com/later' });
      await expect.poll(async () => (await itemFolders(folder)).includes(id), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => store.status?.lastBackupAt ?? 0, { timeout: 30_000 }).toBeGreaterThan(first);
      expect(store.status).toMatchObject({ items: 3 });
      expect(backupLine(store.status, Date.now())?.text).toBe('Backed up just now');
    } finally {
      stop();
    }
  }, 90_000);

  it('says the folder is gone when it was deleted under the backup', async () => {
    const { client, root, parentName, store, stop, idle } = await setUp();
    try {
      await expect.poll(() => store.status?.lastBackupAt ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
      await idle();
      // Deleted for real, as a person would in a file manager: the handle now points at nothing.
      await root.removeEntry(parentName, { recursive: true });
      await client.post('/item/add', { name: 'after the folder went', bookmarkURL: 'https://example.com/gone' });
      await expect.poll(() => store.status?.problem?.reason, { timeout: 30_000 }).toBe('folder-gone');
      expect(backupLine(store.status, Date.now())).toMatchObject({ text: 'Not backed up: the backup folder was moved or deleted (last backup just now)', tone: 'error', askPermission: false });
    } finally {
      stop();
    }
  }, 90_000);
});
