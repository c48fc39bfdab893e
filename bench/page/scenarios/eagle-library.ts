/**
 * Eagle library import and export (issue 17). A generated library of min(N, 10,000) items (the
 * format-note fixture of tests/node/fixtures, 8 KB originals with PNG/WebP thumbnails) is zipped in
 * the page, then imported through POST library/import?wait=true into a fresh library; the baseline
 * writes the same rows and blobs straight into a scratch database of the same schema, in the same
 * batches. The export streams GET library/export to the end; its baseline reads the same blobs out
 * of IndexedDB. One run each (an import makes a library).
 */
import { apiUrl, LIBRARY_HEADER } from '../../../tests/loose-client';
import { BATCH_ITEMS } from '../../../src/core/eagle-library/import-job';
import { itemRowOf } from '../../../src/core/eagle-library/item-record';
import type { ImportState } from '../../../src/core/eagle-library';
import { LibraryDb } from '../../../src/core/storage/library-db';
import { buildEagleLibrary, zipOf, type Fixture } from '../../../tests/node/fixtures/eagle-library';
import type { BenchContext } from '../context';
import { timed } from '../repeat';
import type { Scenario } from '../scenario';

const MAX_ITEMS = 10_000;
const MB = 1024 * 1024;

interface Imported {
  fixture: Fixture;
  zipBytes: number;
  state: ImportState;
  importMs: number;
  rawMs: number;
}

let imported: Promise<Imported> | undefined;

/** Both import rows share one import (and the export row reads its library). */
function importOnce(ctx: BenchContext): Promise<Imported> {
  imported ??= (async () => {
    const n = Math.min(MAX_ITEMS, ctx.settings.n);
    const fixture = buildEagleLibrary({ name: `bench-eagle-${Date.now().toString(36)}`, items: n, plain: true, originalSize: 8_000 });
    const zip = await zipOf(fixture);
    let state: ImportState | undefined;
    const importMs = await timed(async () => {
      const response = await fetch(apiUrl('/library/import', { wait: true }), { method: 'POST', body: zip });
      state = ((await response.json()) as { data: ImportState }).data;
    });
    if (state?.status !== 'done' || state.imported !== n) throw new Error(`The bench import ended ${JSON.stringify(state).slice(0, 300)}`);
    // The export row reads it; removed after that row.
    ctx.leftovers.keepLibraryUntil(state.libraryPath, eagleExport.id);
    const rawMs = await rawImport(ctx, fixture);
    await ctx.driver.log(`Eagle import: ${n} items, ${(zip.size / MB).toFixed(1)} MB zip, ${(importMs / 1000).toFixed(1)} s through the API, ${(rawMs / 1000).toFixed(1)} s raw`);
    return { fixture, zipBytes: zip.size, state, importMs, rawMs };
  })();
  return imported;
}

/** The same item, file and thumbnail rows, bulkAdded in the import's batch size: the floor. */
async function rawImport(ctx: BenchContext, fixture: Fixture): Promise<number> {
  const name = `bench-raw-eagle-${Date.now().toString(36)}`;
  ctx.scratch.push(name);
  const db = new LibraryDb(name);
  const decoder = new TextDecoder();
  const batches: { items: ReturnType<typeof itemRowOf>[]; files: { id: string; blob: Blob }[]; thumbs: { id: string; blob: Blob; custom: boolean }[] }[] = [];
  const ids = [...fixture.records.keys()];
  for (let at = 0; at < ids.length; at += BATCH_ITEMS) {
    const batch = { items: [] as ReturnType<typeof itemRowOf>[], files: [] as { id: string; blob: Blob }[], thumbs: [] as { id: string; blob: Blob; custom: boolean }[] };
    for (const id of ids.slice(at, at + BATCH_ITEMS)) {
      const dir = `images/${id}.info/`;
      const record = JSON.parse(decoder.decode(fixture.files.get(`${dir}metadata.json`)));
      const file = new Blob([fixture.files.get(`${dir}${record.name}.${record.ext}`)!]);
      const thumbBytes = fixture.files.get(`${dir}${record.name}_thumbnail.png`);
      batch.items.push(itemRowOf({ id, record, fileSize: file.size, hasFile: true, thumbnail: thumbBytes ? 'ready' : 'none' }));
      batch.files.push({ id, blob: file });
      if (thumbBytes) batch.thumbs.push({ id, blob: new Blob([thumbBytes]), custom: false });
    }
    batches.push(batch);
  }
  const ms = await timed(async () => {
    for (const batch of batches) {
      await db.transaction('rw', [db.items, db.files, db.thumbnails], async () => {
        await db.items.bulkAdd(batch.items);
        await db.files.bulkAdd(batch.files);
        await db.thumbnails.bulkAdd(batch.thumbs);
      });
    }
  });
  db.close();
  return ms;
}

export const eagleImportItems: Scenario = {
  id: 'eagle-import-items',
  label: 'Eagle library import, generated zip (items/s)',
  unit: 'items/s',
  goal: { maxRatio: 3 },
  async measure(ctx) {
    const { state, importMs, rawMs, zipBytes } = await importOnce(ctx);
    return {
      samples: [(state.imported / importMs) * 1000],
      baseline: { label: 'raw Dexie bulkAdd of the same rows and blobs', samples: [(state.imported / rawMs) * 1000] },
      note: `${state.imported} items from a ${(zipBytes / MB).toFixed(1)} MB store-only zip, one run (POST library/import?wait=true)`,
    };
  },
};

export const eagleImportBytes: Scenario = {
  id: 'eagle-import-bytes',
  label: 'Eagle library import, generated zip (MB/s)',
  unit: 'MB/s',
  async measure(ctx) {
    const { state, importMs, rawMs } = await importOnce(ctx);
    const mb = state.bytes / MB;
    return {
      samples: [mb / (importMs / 1000)],
      baseline: { label: 'raw Dexie bulkAdd of the same rows and blobs', samples: [mb / (rawMs / 1000)] },
      note: `${mb.toFixed(1)} MB of originals, thumbnails and records stored`,
    };
  },
};

export const eagleExport: Scenario = {
  id: 'eagle-export',
  label: 'Eagle library export, streamed zip (MB/s)',
  unit: 'MB/s',
  async measure(ctx) {
    const { state } = await importOnce(ctx);
    let zipBytes = 0;
    const exportMs = await timed(async () => {
      const response = await fetch(apiUrl('/library/export'), { headers: { [LIBRARY_HEADER]: state.libraryPath } });
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) zipBytes += chunk.value.byteLength;
    });
    const record = await ctx.core.registry.require(state.libraryPath);
    const db = new LibraryDb(ctx.core.open(record).db.name);
    let readBytes = 0;
    const readMs = await timed(async () => {
      for (const table of [db.files, db.thumbnails]) {
        const rows = await table.toArray();
        for (const row of rows) readBytes += (await row.blob.arrayBuffer()).byteLength;
      }
    });
    db.close();
    return {
      samples: [zipBytes / MB / (exportMs / 1000)],
      baseline: { label: 'reading the same blobs from IndexedDB in the page', samples: [readBytes / MB / (readMs / 1000)] },
      note: `${(zipBytes / MB).toFixed(1)} MB zip of ${state.imported} items; the blobs alone are ${(readBytes / MB).toFixed(1)} MB`,
    };
  },
};
