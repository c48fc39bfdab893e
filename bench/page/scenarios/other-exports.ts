/**
 * Other tools' exports through POST library/import?wait=true into a fresh library (issue 42,
 * point 7): a 5,000-bookmark Netscape file and a 1,000-photo Google Takeout zip (tiny PNGs, each
 * with its JSON sidecar), the fixtures of tests/node/fixtures/other-exports.ts. The baseline of both
 * is the floor of the write: a raw Dexie bulkAdd of the same item rows (and, for the Takeout, the
 * same file blobs, read from the zip before the clock starts) into a scratch database of the same
 * schema, in batches of 500 (no parsing, no sidecar matching, no hashing, no upkeep). One run each.
 */
import { apiUrl } from '../../../tests/loose-client';
import type { ImportState } from '../../../src/core/eagle-library';
import { bookmarksPlan } from '../../../src/core/eagle-library/bookmarks-plan';
import type { ImportPlan } from '../../../src/core/eagle-library/import-plan';
import { plannedRow } from '../../../src/core/eagle-library/plan-batch';
import { takeoutPlan, takeoutRoot } from '../../../src/core/eagle-library/takeout-plan';
import { zipTree } from '../../../src/core/eagle-library/zip-tree';
import { LibraryDb } from '../../../src/core/storage/library-db';
import type { FileRow, ItemRow } from '../../../src/core/storage/rows';
import { manyBookmarks, manyPhotosTakeout } from '../../../tests/node/fixtures/other-exports';
import type { BenchContext } from '../context';
import { timed } from '../repeat';
import type { Scenario } from '../scenario';

const BOOKMARKS = 5_000;
const PHOTOS = 1_000;
const BATCH = 500;

async function importThrough(ctx: BenchContext, body: Blob, name: string): Promise<{ state: ImportState; ms: number }> {
  let state: ImportState | undefined;
  const ms = await timed(async () => {
    const response = await fetch(apiUrl('/library/import', { wait: true, into: 'new', name, fileName: name }), { method: 'POST', body });
    state = ((await response.json()) as { data: ImportState }).data;
  });
  if (state?.status !== 'done') throw new Error(`The bench import ended ${JSON.stringify(state).slice(0, 300)}`);
  ctx.leftovers.keepLibraryUntil(state.libraryPath);
  return { state, ms };
}

/** The same rows (and blobs), bulkAdded in batches into a scratch database: the floor. */
async function rawWrite(ctx: BenchContext, rows: ItemRow[], files: FileRow[]): Promise<number> {
  const name = `bench-raw-exports-${Date.now().toString(36)}`;
  ctx.scratch.push(name);
  const db = new LibraryDb(name);
  const ms = await timed(async () => {
    for (let at = 0; at < rows.length; at += BATCH) {
      await db.transaction('rw', [db.items, db.files], async () => {
        await db.items.bulkAdd(rows.slice(at, at + BATCH));
        if (files.length) await db.files.bulkAdd(files.slice(at, at + BATCH));
      });
    }
  });
  db.close();
  return ms;
}

const rowsOf = (plan: ImportPlan, files?: Blob[]) =>
  plan.items.map((item, i) => plannedRow(`RAW${i}`, { ok: true, item, file: files && { blob: files[i]!, sha256: '', mime: 'image/png', ext: 'png', width: 0, height: 0 } }, [], Date.now()));

export const bookmarksImport: Scenario = {
  id: 'bookmarks-import',
  label: `Bookmark file import, ${BOOKMARKS.toLocaleString('en')} bookmarks (items/s)`,
  unit: 'items/s',
  standalone: true,
  async measure(ctx) {
    const html = manyBookmarks(BOOKMARKS);
    const { state, ms } = await importThrough(ctx, new Blob([html], { type: 'text/html' }), `bench-bookmarks-${Date.now().toString(36)}`);
    const rawMs = await rawWrite(ctx, rowsOf(bookmarksPlan(html)), []);
    return {
      samples: [(state.imported / ms) * 1000],
      baseline: { label: 'raw Dexie bulkAdd of the same item rows', samples: [(state.imported / rawMs) * 1000] },
      note: `${state.imported} bookmarks in ${Object.keys(state.folderIds ?? {}).length} folders from a ${(html.length / 1024).toFixed(0)} KB file, one run`,
    };
  },
};

export const takeoutImport: Scenario = {
  id: 'takeout-import',
  label: `Google Takeout import, ${PHOTOS.toLocaleString('en')} photos with sidecars (items/s)`,
  unit: 'items/s',
  standalone: true,
  async measure(ctx) {
    const zip = await manyPhotosTakeout(PHOTOS);
    const { state, ms } = await importThrough(ctx, zip, `bench-takeout-${Date.now().toString(36)}`);
    const tree = await zipTree(zip, 'takeout.zip');
    const plan = await takeoutPlan(tree, (await takeoutRoot(tree))!);
    const blobs = await Promise.all(plan.items.map(async (item) => (await tree.read(item.path!))!));
    const rows = rowsOf(plan, blobs);
    const rawMs = await rawWrite(ctx, rows, rows.map((row, i) => ({ id: row.id, blob: blobs[i]! })));
    return {
      samples: [(state.imported / ms) * 1000],
      baseline: { label: 'raw Dexie bulkAdd of the same item rows and photo blobs', samples: [(state.imported / rawMs) * 1000] },
      note: `${state.imported} photos from a ${(zip.size / 1024 / 1024).toFixed(1)} MB zip (sidecars matched, hashed, thumbnails queued), one run`,
    };
  },
};
