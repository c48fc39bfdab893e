/**
 * One big file through POST item/addFile (issue 41, point 1): a 500 MB Blob sent as the request
 * body, stored by the service worker as a Blob. The baseline puts the same Blob straight into the
 * files table of a scratch database of the same schema, in the page: the floor of storing it.
 * One run each (500 MB twice is what a run can spare of the bench's in-memory storage); the
 * library and the scratch database are removed after the row.
 */
import { apiUrl, LIBRARY_HEADER } from '../../../tests/loose-client';
import { LibraryDb } from '../../../src/core/storage/library-db';
import { timed } from '../repeat';
import type { Scenario } from '../scenario';

const MB = 1024 * 1024;
const SIZE_MB = 500;

/** 500 MB of varied bytes: one random megabyte, repeated (a Blob of parts, built once). */
function bigBlob(): Blob {
  const part = new Uint8Array(MB);
  for (let at = 0; at < MB; at += 65_536) crypto.getRandomValues(part.subarray(at, at + 65_536));
  return new Blob(Array.from({ length: SIZE_MB }, () => part), { type: 'application/octet-stream' });
}

export const bigFileImport: Scenario = {
  id: 'big-file-import',
  label: `One ${SIZE_MB} MB file, POST item/addFile (MB/s)`,
  unit: 'MB/s',
  standalone: true,
  async measure(ctx) {
    const library = await ctx.newLibrary('big-file', 'big-file-import');
    const blob = bigBlob();
    const subjectMs = await timed(async () => {
      const response = await fetch(apiUrl('/item/addFile', { fileName: 'big.bin' }), { method: 'POST', headers: { [LIBRARY_HEADER]: library }, body: blob });
      if (!response.ok) throw new Error(`item/addFile answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    });
    const name = `bench-raw-big-file-${Date.now().toString(36)}`;
    ctx.scratch.push(name);
    const db = new LibraryDb(name);
    await db.open();
    const rawMs = await timed(async () => {
      await db.files.put({ id: 'big', blob });
    });
    db.close();
    await ctx.driver.log(`Big file: ${SIZE_MB} MB in ${(subjectMs / 1000).toFixed(1)} s through item/addFile, ${(rawMs / 1000).toFixed(1)} s raw put`);
    return {
      samples: [SIZE_MB / (subjectMs / 1000)],
      baseline: { label: 'Dexie put of the same Blob in the page', samples: [SIZE_MB / (rawMs / 1000)] },
      // Chromium's put of a Blob stores a reference to bytes it already holds, so the baseline is
      // near free; the ratio is what the body's crossing into the worker (a copy) costs.
      note: `one ${SIZE_MB} MB Blob, one run each; the baseline put stores a reference, no bytes move`,
    };
  },
};
