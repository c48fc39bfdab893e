/**
 * Backup to a folder (issue 44): an incremental backup of 100 changed items against the first
 * full backup of the same library, both into the origin-private file system through POST
 * library/backup, in slices as the app's loop sends them. The seeded library is backed up once
 * (the baseline, one run: at N = 100,000 it writes every item's files) once the seeding's thumbnail
 * jobs are done, then each run edits 100 items' annotations, backs up again and checks that each
 * edited item's metadata.json in the folder holds the edit. The folder, the backup's database and the kept handle
 * are removed after the row.
 */
import Dexie from 'dexie';
import { forgetBackupFolder, keepBackupFolder } from '../../../src/app/backup/backup-folder';
import type { BackupAnswer } from '../../../src/app/backup/backup-api';
import { timed } from '../repeat';
import { waitForQuietLibrary } from '../quiet-library';
import { requireSeeded, type Scenario } from '../scenario';

const CHANGED = 100;
const RUNS = 5;
const SLICE = 5000;

export const backupIncremental: Scenario = {
  id: 'backup-incremental',
  label: `Backup to a folder: ${CHANGED} changed items, after a first full backup (ms)`,
  unit: 'ms',
  async measure(ctx) {
    const seeded = requireSeeded(ctx);
    const root = await navigator.storage.getDirectory();
    const dirName = `bench-backup-${Date.now().toString(36)}`;
    const folder = await root.getDirectoryHandle(dirName, { create: true });
    const dbName = (await ctx.db()).name;
    await keepBackupFolder(ctx.library, folder);
    const backUp = async () => {
      let written = 0;
      for (;;) {
        const answer = await ctx.api.post<BackupAnswer>('/library/backup', { maxItems: SLICE });
        written += answer.written.items;
        if (answer.status === 'done') return written;
        if (answer.status !== 'partial') throw new Error(`The backup answered ${answer.status}: ${answer.problem?.message ?? ''}`);
      }
    };
    try {
      // Thumbnail jobs still running would change seeded items after the full backup, and the next backup would rightly write them too.
      const quiet = await waitForQuietLibrary(ctx);
      let fullWritten = 0;
      const fullMs = await timed(async () => (fullWritten = await backUp()));
      if (fullWritten !== seeded.count) throw new Error(`The first backup wrote ${fullWritten} items of ${seeded.count}.`);
      const { ids } = await ctx.api.post<{ ids: string[] }>('/item/ids', { limit: CHANGED * RUNS, orderBy: 'NAME' });
      const samples: number[] = [];
      const extras: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const batch = ids.slice((run * CHANGED) % ids.length, (run * CHANGED) % ids.length + CHANGED);
        const annotation = `backup bench ${run}`;
        await ctx.api.post('/item/update', { items: batch.map((id) => ({ id, annotation })) });
        let written = 0;
        samples.push(await timed(async () => (written = await backUp())));
        await checkWritten(folder, batch, annotation);
        // Items a background job (AI indexing in a page, a late thumbnail) changed meanwhile are rightly written too: reported, not failed.
        if (written < batch.length) throw new Error(`The incremental backup wrote ${written} items, fewer than the ${batch.length} edited.`);
        extras.push(written - batch.length);
      }
      await ctx.driver.log(`Backup: first full ${(fullMs / 1000).toFixed(1)} s for ${seeded.count} items; incremental ${samples.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      return {
        samples,
        baseline: { label: `first full backup of the same ${seeded.count.toLocaleString('en')} items`, samples: [fullMs] },
        note: `${RUNS} runs of ${CHANGED} annotation edits each, every edited item's metadata.json checked; items changed by background jobs also written: ${extras.join(', ')}; slices of ${SLICE} items; the full backup is one run; ${quiet}`,
      };
    } finally {
      await forgetBackupFolder(ctx.library);
      await root.removeEntry(dirName, { recursive: true }).catch(() => undefined);
      await Dexie.delete(`${dbName}/backup`).catch(() => undefined);
    }
  },
};

/** Every edited item's metadata.json in the folder carries the edit: the backup wrote each of them. */
async function checkWritten(folder: FileSystemDirectoryHandle, ids: readonly string[], annotation: string): Promise<void> {
  const images = await folder.getDirectoryHandle('images');
  for (const id of ids) {
    const file = await (await (await images.getDirectoryHandle(`${id}.info`)).getFileHandle('metadata.json')).getFile();
    const record = JSON.parse(await file.text()) as { annotation?: string };
    if (record.annotation !== annotation) throw new Error(`The backup's metadata.json of item ${id} says ${JSON.stringify(record.annotation)}, not ${JSON.stringify(annotation)}.`);
  }
}
