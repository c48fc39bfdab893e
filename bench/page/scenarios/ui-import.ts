/**
 * Importing photos through the web app as a person does: the app in a frame (openAppFrame) on a
 * fresh library, and a real `drop` of a DataTransfer holding BENCH_IMPORT_IMAGES (default 1,000)
 * generated 2000×1500 JPEG Files on its item area. Each import is timed from the drop until the
 * import panel counts every item (confirmed with item/get), and until every thumbnail exists (the
 * jobs table is empty and item/get reports every item `thumbnailReady`). Three imports, each into
 * its own fresh library, give three rows:
 * - items/s through the UI, against the same images sent with item/add directly (20 a request,
 *   thumbnails made by a media host in this page sized like the app's pool);
 * - time until all thumbnails exist, the same two sides;
 * - time until all thumbnails exist through the UI with the device-sized media pool, against the
 *   app opened with `?mediaWorkers=1` (one media worker).
 * Runs before the grid rows: it switches the current library, and puts the bench library back.
 */
import { ApiClient } from '../../../tests/loose-client';
import { startMediaHost } from '../../../src/app/media/media-host';
import { mediaPoolSize } from '../../../src/app/media/media-pool';
import { LibraryDb } from '../../../src/core/storage/library-db';
import { nextFrame, openAppFrame } from '../app-frame';
import type { BenchContext } from '../context';
import type { Page } from '../direct-queries';
import type { Scenario } from '../scenario';
import { drawJpeg, PHOTO_HEIGHT, PHOTO_WIDTH, toBase64 } from '../seed/jpeg';

const ADD_BATCH = 20;
const POLL_MS = 250;
const TIMEOUT_MS = 30 * 60_000;

type Way = 'ui' | 'ui-one-worker' | 'item-add';

interface ImportTimes {
  /** Milliseconds from the drop (or first item/add) until every item exists. */
  items: number;
  /** Milliseconds from the same start until every thumbnail exists. */
  thumbnails: number;
  workers: number;
}

const runs = new WeakMap<BenchContext, Map<Way, Promise<ImportTimes>>>();
function importOf(ctx: BenchContext, way: Way): Promise<ImportTimes> {
  const byWay = runs.get(ctx) ?? new Map<Way, Promise<ImportTimes>>();
  runs.set(ctx, byWay);
  // One import at a time, in the order asked: two at once would share the cores.
  let result = byWay.get(way);
  if (!result) {
    const before = Promise.all(byWay.values()).catch(() => undefined);
    result = before.then(() => runImport(ctx, way));
    byWay.set(way, result);
  }
  return result;
}

const photos = new WeakMap<BenchContext, Promise<File[]>>();
function photosOf(ctx: BenchContext): Promise<File[]> {
  let files = photos.get(ctx);
  if (!files) {
    files = (async () => {
      const count = ctx.settings.importImages;
      await ctx.driver.log(`generating ${count} JPEGs of ${PHOTO_WIDTH}×${PHOTO_HEIGHT} to drop`);
      const made: File[] = [];
      for (let i = 0; i < count; i++) made.push(new File([await drawJpeg(1000 + i)], `dropped photo ${i + 1}.jpg`, { type: 'image/jpeg' }));
      return made;
    })();
    photos.set(ctx, files);
  }
  return files;
}

const label = (ctx: BenchContext) => `${ctx.settings.importImages} dropped JPEGs ${PHOTO_WIDTH}×${PHOTO_HEIGHT}`;
const perSecond = (count: number, ms: number) => (count / ms) * 1000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const uiImportItems: Scenario = {
  id: 'ui-import-items',
  label: 'import through the UI: dropped photos, items/s',
  unit: 'items/s',
  async measure(ctx) {
    const ui = await importOf(ctx, 'ui');
    const direct = await importOf(ctx, 'item-add');
    const count = ctx.settings.importImages;
    return {
      samples: [perSecond(count, ui.items)],
      baseline: { label: 'the same images via item/add directly', samples: [perSecond(count, direct.items)] },
      note: `${label(ctx)} on the app's item area; every item in ${seconds(ui.items)} (item/add directly: ${seconds(direct.items)}); one run each`,
    };
  },
};

export const uiImportThumbnails: Scenario = {
  id: 'ui-import-thumbnails',
  label: 'import through the UI: drop → all thumbnails',
  unit: 'ms',
  async measure(ctx) {
    const ui = await importOf(ctx, 'ui');
    const direct = await importOf(ctx, 'item-add');
    return {
      samples: [ui.thumbnails],
      baseline: { label: 'the same images via item/add directly', samples: [direct.thumbnails] },
      note: `${label(ctx)}; ${ui.workers} media worker(s) in the app, ${direct.workers} in the bench page for item/add`,
    };
  },
};

export const uiImportOneWorker: Scenario = {
  id: 'ui-import-pool',
  label: 'import through the UI: all thumbnails, media pool',
  unit: 'ms',
  async measure(ctx) {
    const pool = await importOf(ctx, 'ui');
    const one = await importOf(ctx, 'ui-one-worker');
    return {
      samples: [pool.thumbnails],
      baseline: { label: 'the same import with ?mediaWorkers=1', samples: [one.thumbnails] },
      note: `pool of ${pool.workers} (navigator.hardwareConcurrency ${navigator.hardwareConcurrency}): ${seconds(pool.thumbnails)}; one worker: ${seconds(one.thumbnails)}`,
    };
  },
};

async function runImport(ctx: BenchContext, way: Way): Promise<ImportTimes> {
  const files = await photosOf(ctx);
  const path = await ctx.newLibrary(way);
  const api = new ApiClient({ library: path });
  const db = new LibraryDb(ctx.core.open(await ctx.core.registry.require(path)).db.name);
  await ctx.driver.log(`importing ${files.length} photos (${way})`);
  try {
    return way === 'item-add' ? await viaItemAdd(api, db, files) : await viaDrop(ctx, api, db, path, files, way === 'ui-one-worker' ? 1 : undefined);
  } finally {
    db.close();
    await ctx.api.post('/library/switch', { libraryPath: ctx.library });
  }
}

async function viaDrop(ctx: BenchContext, api: ApiClient, db: LibraryDb, library: string, files: File[], workers: number | undefined): Promise<ImportTimes> {
  const app = await openAppFrame(ctx, workers ? `?mediaWorkers=${workers}` : '', library);
  try {
    const zone = app.doc.querySelector<HTMLElement>('main.content');
    if (!zone) throw new Error('the app shows no item area to drop on');
    const transfer = new app.win.DataTransfer();
    for (const file of files) transfer.items.add(new app.win.File([file], file.name, { type: file.type }));
    const drag = (type: string) => zone.dispatchEvent(new app.win.DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    const start = performance.now();
    drag('dragenter');
    drag('dragover');
    if (drag('drop')) throw new Error('the app did not take the drop');
    const panelDone = () => app.doc.querySelector('import-progress')?.shadowRoot?.querySelector(`.summary[data-done="${files.length}"][data-total="${files.length}"]`);
    while (!panelDone()) {
      if (performance.now() - start > TIMEOUT_MS) throw new Error('the import panel never counted every item');
      await nextFrame(app.win);
    }
    const items = performance.now() - start;
    const total = (await api.post<Page<unknown>>('/item/get', { limit: 1, fields: ['id'] })).total;
    if (total !== files.length) throw new Error(`the panel said done, but the library holds ${total} of ${files.length} items`);
    const thumbnails = (await allThumbnails(api, db, files.length, start)) - start;
    return { items, thumbnails, workers: workers ?? mediaPoolSize(app.win.navigator.hardwareConcurrency) };
  } finally {
    app.close();
  }
}

async function viaItemAdd(api: ApiClient, db: LibraryDb, files: File[]): Promise<ImportTimes> {
  const base64 = await Promise.all(files.map(toBase64));
  const bodies: { items: object[] }[] = [];
  for (let at = 0; at < files.length; at += ADD_BATCH) {
    bodies.push({ items: base64.slice(at, at + ADD_BATCH).map((data, i) => ({ name: files[at + i]!.name.replace(/\.jpg$/, ''), base64: data })) });
  }
  const host = startMediaHost();
  try {
    const start = performance.now();
    for (const body of bodies) await api.post('/item/add', body);
    const items = performance.now() - start;
    const thumbnails = (await allThumbnails(api, db, files.length, start)) - start;
    return { items, thumbnails, workers: host.poolSize };
  } finally {
    host.stop();
  }
}

/** Waits until no thumbnail job is left and item/get reports all `count` items ready; returns when. */
async function allThumbnails(api: ApiClient, db: LibraryDb, count: number, start: number): Promise<number> {
  for (;;) {
    const now = performance.now();
    if ((await db.jobs.count()) === 0 && (await readyCount(api)) === count) return now;
    if (now - start > TIMEOUT_MS) throw new Error(`${await db.jobs.count()} thumbnail jobs left after ${seconds(TIMEOUT_MS)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function readyCount(api: ApiClient): Promise<number> {
  let ready = 0;
  for (let offset = 0; ; offset += 1000) {
    const page = await api.post<Page<{ thumbnailReady: boolean }>>('/item/get', { fields: ['thumbnailReady'], limit: 1000, offset });
    ready += page.data.filter((item) => item.thumbnailReady).length;
    if (offset + 1000 >= page.total) return ready;
  }
}
