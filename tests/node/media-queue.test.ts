import { describe, expect, it } from 'vitest';
import { THUMBNAIL_JOB } from '../../src/core/media/media-jobs';
import { mediaKindOf } from '../../src/core/media/media-processor';
import { writeTransaction } from '../../src/core/storage/write';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, itemRow, openLibrary, storeItem, TestProcessor } from './fixtures/media';

/** Any request that reads the library resumes its queue (here: library/info). */
const touch = (api: ReturnType<typeof makeApi>, library: string) => call(api, 'GET', '/library/info', {}, { library });

async function setup(media?: TestProcessor) {
  const api = makeApi(media ? { media } : {});
  const path = await newLibrary(api);
  return { api, path, library: await openLibrary(api, path) };
}

describe('media kinds', () => {
  it.each([
    ['image/jpeg', 'jpg', 'raster'],
    ['image/x-icon', 'ico', 'raster'],
    ['', 'bmp', 'raster'],
    ['image/avif', 'avif', 'raster'],
    ['image/svg+xml', 'svg', 'svg'],
    ['video/mp4', 'mp4', 'video'],
    ['application/pdf', 'pdf', 'pdf'],
    ['', 'PDF', 'pdf'],
    ['image/vnd.adobe.photoshop', 'psd', 'psd'],
    ['application/octet-stream', 'psd', 'psd'],
    ['image/tiff', 'tif', undefined],
  ])('%s .%s → %s', (mime, ext, kind) => {
    expect(mediaKindOf(mime, ext)).toBe(kind);
  });
});

describe('the media job queue', () => {
  it('queues a thumbnail job for a new item with a file, none for a bookmark', async () => {
    const { library } = await setup();
    const image = await storeItem(library, {}, fakeImage(40, 30));
    await storeItem(library, { ext: 'url', mime: '', hasFile: false, thumbnail: 'none' });
    const jobs = await library.db.jobs.toArray();
    expect(jobs.map((j) => [j.kind, j.itemId])).toEqual([[THUMBNAIL_JOB, image.id]]);
  });

  it('leaves jobs queued when nothing can decode', async () => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, {}, fakeImage(40, 30));
    await touch(api, path);
    await api.media.whenIdle();
    expect(await library.db.jobs.count()).toBe(1);
    expect((await itemRow(library, row.id))?.thumbnail).toBe('pending');
  });

  it('stores thumbnail, decoded dimensions and palette, then drops the job', async () => {
    const media = new TestProcessor();
    const { api, path, library } = await setup(media);
    const row = await storeItem(library, { width: 10, height: 10 }, fakeImage(300, 400, [0, 0, 255]));
    await touch(api, path);
    await api.media.whenIdle();
    expect(await itemRow(library, row.id)).toMatchObject({
      thumbnail: 'ready',
      width: 300,
      height: 400,
      noThumbnail: false,
      palettes: [{ color: [0, 0, 255], ratio: 100 }],
      facets: expect.arrayContaining(['shape:portrait']),
    });
    const thumb = await library.db.thumbnails.get(row.id);
    expect(thumb?.custom).toBe(false);
    expect(await thumb?.blob.text()).toBe('THUMB 300x400');
    expect(await library.db.jobs.count()).toBe(0);
  });

  it('marks an undecodable file noThumbnail, and never decodes other files', async () => {
    const media = new TestProcessor();
    const { api, path, library } = await setup(media);
    const broken = await storeItem(library, { ext: 'jpg', mime: 'image/jpeg' }, new Blob(['not a jpeg']));
    // PDFs and PSDs have previews now (tests/node/document-previews.test.ts); a TIFF has none.
    const tiff = await storeItem(library, { ext: 'tif', mime: 'image/tiff', width: 0, height: 0 }, new Blob(['II*\0']));
    await touch(api, path);
    await api.media.whenIdle();
    for (const id of [broken.id, tiff.id]) {
      expect(await itemRow(library, id)).toMatchObject({ thumbnail: 'none', noThumbnail: true, palettes: [] });
    }
    expect(media.seen.map((r) => r.mime)).toEqual(['image/jpeg']);
    expect(await library.db.jobs.count()).toBe(0);
  });

  it('resumes jobs left by a stopped worker on the first request that touches the library', async () => {
    const namespace = `test-resume-${Math.random().toString(36).slice(2)}`;
    const stopped = makeApi({ namespace });
    const path = await newLibrary(stopped);
    const row = await storeItem(await openLibrary(stopped, path), {}, fakeImage(64, 48));
    stopped.close();

    const restarted = makeApi({ namespace, media: new TestProcessor() });
    await touch(restarted, path);
    await restarted.media.whenIdle();
    expect(await itemRow(await openLibrary(restarted, path), row.id)).toMatchObject({ thumbnail: 'ready', width: 64, height: 48 });
  });

  it('keeps SVG and video jobs queued until a page can decode them', async () => {
    const media = new TestProcessor();
    media.needsPage.add('svg');
    const { api, path, library } = await setup(media);
    const svg = await storeItem(library, { ext: 'svg', mime: 'image/svg+xml' }, fakeImage(120, 80));
    await touch(api, path);
    await api.media.whenIdle();
    expect((await itemRow(library, svg.id))?.thumbnail).toBe('pending');
    expect(await library.db.jobs.count()).toBe(1);

    media.needsPage.clear();
    await api.media.resume(path);
    await api.media.whenIdle();
    expect(await itemRow(library, svg.id)).toMatchObject({ thumbnail: 'ready', width: 120 });
  });

  it('counts failed attempts, retries on the next kick and gives up after three', async () => {
    const media = new TestProcessor();
    media.failures = 3;
    const { api, path, library } = await setup(media);
    const row = await storeItem(library, {}, fakeImage(40, 30));
    await touch(api, path);
    await api.media.whenIdle();
    expect(await library.db.jobs.get(`${THUMBNAIL_JOB}:${row.id}`)).toMatchObject({ attempts: 1, lastError: 'the page worker went away' });
    await api.media.resume(path);
    await api.media.whenIdle();
    await api.media.resume(path);
    await api.media.whenIdle();
    expect(await library.db.jobs.count()).toBe(0);
    expect((await itemRow(library, row.id))?.thumbnail).toBe('none');
  });

  it('serves other requests and writes while a job is being decoded', async () => {
    const media = new TestProcessor();
    let release!: () => void;
    media.gate = new Promise((resolve) => (release = resolve));
    const { api, path, library } = await setup(media);
    const row = await storeItem(library, {}, fakeImage(40, 30));
    await touch(api, path);
    // The job is in flight and holds no transaction: reads and writes go through.
    expect((await touch(api, path)).httpStatus).toBe(200);
    await writeTransaction(library, Date.now(), async () => library.db.state.put({ key: 'probe', value: 1 }));
    expect((await itemRow(library, row.id))?.thumbnail).toBe('pending');
    release();
    await api.media.whenIdle();
    expect((await itemRow(library, row.id))?.thumbnail).toBe('ready');
  });

  it('drops the jobs and thumbnail of a removed item', async () => {
    const { library } = await setup();
    const row = await storeItem(library, {}, fakeImage(40, 30));
    await library.db.thumbnails.put({ id: row.id, blob: new Blob(['t']), custom: false });
    const { commitItemChanges } = await import('../../src/core/storage/item-changes');
    const ITEM_OBSERVERS = await (await import('../../src/core/item-observers')).loadItemObservers();
    await writeTransaction(library, Date.now(), () => commitItemChanges(library.db, [{ before: row }], ITEM_OBSERVERS, Date.now()));
    expect(await library.db.jobs.count()).toBe(0);
    expect(await library.db.thumbnails.get(row.id)).toBeUndefined();
  });
});
