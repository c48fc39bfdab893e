import { describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../src/core';
import type { ItemRow } from '../../src/core/storage/rows';
import { familyOf, genericIconSvg } from '../../src/core/images/generic-icon';
import { call, makeApi, newLibrary } from './helpers';
import { fakeImage, itemRow, openLibrary, storeItem, TestProcessor } from './fixtures/media';

const SITE: Record<string, Blob> = {
  '/covers/green.png': fakeImage(50, 50, [0, 200, 0]),
  '/covers/broken.png': new Blob(['no image here'], { type: 'image/png' }),
};

const fetchSource = async (path: string) =>
  SITE[path] ? new Response(SITE[path], { headers: { 'Content-Type': SITE[path]!.type } }) : new Response('missing', { status: 404 });

async function setup(deps: ApiDeps = {}) {
  const media = new TestProcessor();
  const api = makeApi({ media, fetchSource, ...deps });
  const path = await newLibrary(api);
  return { api, media, path, library: await openLibrary(api, path) };
}

describe('item/refreshThumbnail', () => {
  it('regenerates the thumbnail and refreshes size, dimensions and palette', async () => {
    const { api, path, library } = await setup();
    const file = fakeImage(800, 600, [10, 20, 30]);
    const row = await storeItem(library, { width: 1, height: 1, size: 1, palettes: [] }, file);
    const answer = await call(api, 'POST', '/item/refreshThumbnail', { itemId: row.id }, { library: path });
    expect(answer.body).toEqual({ status: 'success', data: true });
    expect(await itemRow(library, row.id)).toMatchObject({
      width: 800,
      height: 600,
      size: file.size,
      thumbnail: 'ready',
      palettes: [{ color: [10, 20, 30], ratio: 100 }],
    });
  });

  it('replaces a custom thumbnail', async () => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, {}, fakeImage(80, 60));
    await call(api, 'POST', '/item/setCustomThumbnail', { itemId: row.id, filePath: '/covers/green.png' }, { library: path });
    expect((await library.db.thumbnails.get(row.id))?.custom).toBe(true);
    await call(api, 'POST', '/item/refreshThumbnail', { itemId: row.id }, { library: path });
    expect((await library.db.thumbnails.get(row.id))?.custom).toBe(false);
    expect((await itemRow(library, row.id))?.palettes[0]?.color).toEqual([255, 0, 0]);
  });

  it('answers false after the wait limit while the work goes on', async () => {
    const { api, media, path, library } = await setup({ mediaWaitMs: 30 });
    const row = await storeItem(library, {}, fakeImage(80, 60));
    let release!: () => void;
    media.gate = new Promise((resolve) => (release = resolve));
    const answer = await call(api, 'POST', '/item/refreshThumbnail', { itemId: row.id }, { library: path });
    expect(answer.body).toEqual({ status: 'success', data: false });
    expect((await itemRow(library, row.id))?.thumbnail).toBe('pending');
    release();
    await api.media.whenIdle();
    expect((await itemRow(library, row.id))?.thumbnail).toBe('ready');
  });

  it('answers true for a bookmark, whose generic thumbnail is all it has', async () => {
    const { api, media, path, library } = await setup();
    const row = await storeItem(library, { ext: 'url', mime: '', thumbnail: 'none' });
    const answer = await call(api, 'POST', '/item/refreshThumbnail', { itemId: row.id }, { library: path });
    expect(answer.data).toBe(true);
    expect(media.seen).toHaveLength(0);
  });

  it.each([
    [{}, 400, 'itemId'],
    [{ itemId: '' }, 400, 'itemId'],
    [{ itemId: 'NOPE' }, 404, 'NOPE'],
  ])('%j → %i naming %s', async (input, status, named) => {
    const { api, path } = await setup();
    const answer = await call(api, 'POST', '/item/refreshThumbnail', input, { library: path });
    expect(answer.httpStatus).toBe(status);
    expect(answer.body).toMatchObject({ status: 'error', message: expect.stringContaining(named) });
  });
});

describe('item/setCustomThumbnail', () => {
  it('makes the thumbnail and palette from the image at filePath', async () => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, {}, fakeImage(80, 60));
    const answer = await call(api, 'POST', '/item/setCustomThumbnail', { itemId: row.id, filePath: '/covers/green.png' }, { library: path });
    expect(answer.body).toEqual({ status: 'success', data: true });
    const thumb = await library.db.thumbnails.get(row.id);
    expect(thumb?.custom).toBe(true);
    expect(await thumb?.blob.text()).toBe('THUMB 50x50');
    // The thumbnail job queued at add time runs too: it keeps the custom thumbnail, sets dimensions.
    await api.media.whenIdle();
    expect((await library.db.thumbnails.get(row.id))?.custom).toBe(true);
    expect(await itemRow(library, row.id)).toMatchObject({
      width: 80,
      height: 60,
      thumbnail: 'ready',
      palettes: [{ color: [0, 200, 0], ratio: 100 }],
    });
  });

  it('makes the thumbnail from base64 bytes (a frame the page drew)', async () => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, {}, fakeImage(80, 60));
    const base64 = Buffer.from(await fakeImage(40, 30, [200, 0, 0]).arrayBuffer()).toString('base64');
    const answer = await call(api, 'POST', '/item/setCustomThumbnail', { itemId: row.id, base64 }, { library: path });
    expect(answer.body).toEqual({ status: 'success', data: true });
    const thumb = await library.db.thumbnails.get(row.id);
    expect(thumb?.custom).toBe(true);
    expect(await thumb?.blob.text()).toBe('THUMB 40x30');
  });

  it('gives its width and height to an item that has none', async () => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, { ext: 'url', mime: '', width: 0, height: 0, thumbnail: 'none' });
    const answer = await call(api, 'POST', '/item/setCustomThumbnail', { itemId: row.id, filePath: '/covers/green.png', width: 640, height: 480 }, { library: path });
    expect(answer.data).toBe(true);
    expect(await itemRow(library, row.id)).toMatchObject({ width: 640, height: 480, thumbnail: 'ready', noThumbnail: false });
  });

  it('leaves an item with no dimensions as it was when the image does not decode', async () => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, { ext: 'url', mime: '', width: 0, height: 0, thumbnail: 'none' });
    const answer = await call(api, 'POST', '/item/setCustomThumbnail', { itemId: row.id, filePath: '/covers/broken.png', width: 640, height: 480 }, { library: path });
    expect(answer.httpStatus).toBe(400);
    expect(await itemRow(library, row.id)).toMatchObject({ width: 0, height: 0, thumbnail: 'none' });
  });

  it.each([
    [{ itemId: 'X', filePath: 'covers/green.png' }, 400, 'filePath'],
    [{ itemId: 'X', filePath: '//evil.example/x.png' }, 400, 'filePath'],
    [{ itemId: 'X' }, 400, 'filePath'],
    [{ itemId: 'X', filePath: '/covers/green.png', base64: 'AAAA' }, 400, 'exactly one of filePath or base64'],
    [{ itemId: 'X', base64: 'not base64!' }, 400, 'base64'],
    [{ itemId: 'NOPE', filePath: '/covers/green.png' }, 404, 'NOPE'],
    [{ filePath: '/covers/green.png', width: 0 }, 400, 'width'],
  ])('%j → %i naming %s', async (input, status, named) => {
    const { api, path } = await setup();
    const answer = await call(api, 'POST', '/item/setCustomThumbnail', input, { library: path });
    expect(answer.httpStatus).toBe(status);
    expect(answer.body).toMatchObject({ status: 'error', message: expect.stringContaining(named) });
  });

  it.each([
    ['/covers/missing.png', /HTTP 404/],
    ['/covers/broken.png', /not an image this browser can decode/],
  ])('%s → 400 naming filePath', async (filePath, reason) => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, {}, fakeImage(80, 60));
    const answer = await call(api, 'POST', '/item/setCustomThumbnail', { itemId: row.id, filePath }, { library: path });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(reason) });
    expect((answer.body as { message: string }).message).toContain('filePath');
    expect(await library.db.thumbnails.get(row.id).then((t) => t?.custom ?? false)).toBe(false);
  });

  it('answers a request that a newer one for the same item superseded', async () => {
    const { api, media, path, library } = await setup();
    const row = await storeItem(library, {}, fakeImage(80, 60));
    let release!: () => void;
    media.gate = new Promise((resolve) => (release = resolve));
    const first = call(api, 'POST', '/item/refreshThumbnail', { itemId: row.id }, { library: path });
    const second = call(api, 'POST', '/item/refreshThumbnail', { itemId: row.id }, { library: path });
    release();
    expect((await first).data).toBe(true);
    expect((await second).data).toBe(true);
    await api.media.whenIdle();
    expect(await library.db.jobs.count()).toBe(0);
  });
});

describe('GET item/thumbnail', () => {
  const thumbnail = async (api: Awaited<ReturnType<typeof setup>>['api'], path: string, id: string) => {
    const response = await api.handle(new Request(`http://localhost/api/v2/item/thumbnail?id=${id}`, { headers: { 'X-Library-Path': path } }));
    return { status: response.status, type: response.headers.get('Content-Type'), text: await response.text() };
  };

  it('serves the original while pending, then the made thumbnail', async () => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, { mime: 'image/png' }, fakeImage(40, 30));
    expect(await thumbnail(api, path, row.id)).toMatchObject({ status: 200, type: 'image/png', text: 'FAKE 40x30 255,0,0' });
    await api.media.whenIdle();
    expect(await thumbnail(api, path, row.id)).toMatchObject({ type: 'image/webp', text: 'THUMB 40x30' });
  });

  it.each([
    ['a bookmark', { ext: 'url', mime: 'text/uri-list', hasFile: false, thumbnail: 'none' }, '>LINK<'],
    ['an undecodable file', { ext: 'psd', mime: 'image/vnd.adobe.photoshop', noThumbnail: true, thumbnail: 'none' }, '>PSD<'],
    ['a PDF', { ext: 'pdf', mime: 'application/pdf', thumbnail: 'none' }, '>PDF<'],
    ['an item marked noThumbnail', { noThumbnail: true, thumbnail: 'ready' }, '>PNG<'],
  ] as Array<[string, Partial<ItemRow>, string]>)('serves %s a generic SVG icon', async (_name, partial, label) => {
    const { api, path, library } = await setup();
    const row = await storeItem(library, partial);
    await library.db.thumbnails.put({ id: row.id, blob: new Blob(['stale']), custom: false });
    if (!partial.noThumbnail) await library.db.thumbnails.delete(row.id);
    const answer = await thumbnail(api, path, row.id);
    expect(answer).toMatchObject({ status: 200, type: 'image/svg+xml' });
    expect(answer.text).toContain(label);
  });

  it('points items showing an icon at one shared item/icon URL, which serves the same SVG', async () => {
    const { api, path, library } = await setup();
    const links = await Promise.all([1, 2].map(() => storeItem(library, { ext: 'url', mime: '', thumbnail: 'none' })));
    const pdf = await storeItem(library, { ext: 'pdf', mime: 'application/pdf', thumbnail: 'none' });
    const hidden = await storeItem(library, { noThumbnail: true, thumbnail: 'ready' });
    const pending = await storeItem(library, { thumbnail: 'pending' });
    const urlOf = async (id: string) => (await call<{ data: { thumbnailURL: string }[] }>(api, 'POST', '/item/get', { id }, { library: path })).data.data[0]!.thumbnailURL;
    const [first, second] = await Promise.all(links.map((row) => urlOf(row.id)));
    expect(first).toBe('/api/v2/item/icon?family=bookmark&label=LINK');
    expect(second).toBe(first);
    expect(await urlOf(pdf.id)).toBe('/api/v2/item/icon?family=document&label=PDF');
    expect(await urlOf(hidden.id)).toBe('/api/v2/item/icon?family=image&label=PNG');
    expect(await urlOf(pending.id)).toBe(`/api/v2/item/thumbnail?id=${pending.id}&library=${encodeURIComponent(path)}`);
    const icon = await api.handle(new Request(`http://localhost${await urlOf(pdf.id)}`));
    expect(icon.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(icon.headers.get('Cache-Control')).toContain('immutable');
    expect(await icon.text()).toBe((await thumbnail(api, path, pdf.id)).text);
  });

  it.each([
    [{ family: 'spaceship', label: 'X' }, 'family'],
    [{ family: 'bookmark', label: 'TOOLONG' }, 'label'],
    [{}, 'family'],
  ])('item/icon %j is a 400 naming %s', async (input, named) => {
    const answer = await call(makeApi(), 'GET', '/item/icon', input);
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', message: expect.stringContaining(named) });
  });

  it('escapes the extension it labels the icon with', () => {
    expect(genericIconSvg({ ext: '<b>', mime: '' })).toContain('>&#60;B&#62;<');
  });

  it.each([
    ['jpg', 'image/jpeg', 'image'],
    ['mp4', 'video/mp4', 'video'],
    ['mp3', 'audio/mpeg', 'audio'],
    ['woff2', 'font/woff2', 'font'],
    ['zip', 'application/zip', 'archive'],
    ['md', 'text/markdown', 'document'],
    ['json', 'application/json', 'code'],
    ['url', 'text/uri-list', 'bookmark'],
    ['xyz', 'application/octet-stream', 'other'],
  ])('.%s (%s) is in the %s family', (ext, mime, family) => {
    expect(familyOf({ ext, mime })).toBe(family);
  });
});
