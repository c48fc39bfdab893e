/**
 * Files on demand (docs/decisions/sync.md): originals and thumbnails travel through the library's
 * files database `<database>-files` on a real pouchdb-server (loopback, a small document size
 * limit so a "too large" file meets the server's own 413), after the metadata and bounded per
 * cycle; what went up or came down is recorded in IndexedDB, so a cut cycle redoes at most one file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { recordedAmong } from '../../src/core/sync/file-records';
import { runCycle } from '../../src/core/sync/sync-cycle';
import { startCouchServer, type CouchServer } from '../sync/couch-server';
import { loadNodePouch } from '../sync/node-pouch';
import { fakeImage, storeItem, TestProcessor } from './fixtures/media';
import { call, makeApi as makeCore } from './helpers';

/** Bytes of JSON the test server accepts in one request: a file over about 15 KB is too large. */
const MAX_DOCUMENT_SIZE = 20_000;

let server: CouchServer;
beforeAll(async () => {
  server = await startCouchServer({ maxDocumentSize: MAX_DOCUMENT_SIZE });
}, 60_000);
afterAll(async () => server?.dispose());

let databases = 0;
const newDatabase = () => `${server.origin}/files-${process.pid}-${(databases += 1)}`;

/** Every request to the server passes here: tests count the uploads and cut one. */
type Tap = (url: string, init: RequestInit, answer: () => Promise<Response>) => Promise<Response>;

/** A picture on the site, for item/setCustomThumbnail. */
const COVER = fakeImage(50, 50, [0, 200, 0]);
const fetchSource = async (path: string) => (path === '/covers/green.png' ? new Response(COVER, { headers: { 'Content-Type': 'image/png' } }) : new Response('missing', { status: 404 }));

function makeDevice(tap: { current?: Tap } = {}) {
  const media = new TestProcessor();
  const fetchServer = (url: string, init: RequestInit) => (tap.current ? tap.current(url, init, () => fetch(url, init)) : fetch(url, init));
  return { api: makeCore({ loadPouch: loadNodePouch, media, fetchServer, fetchSource }), media, fetchServer, tap };
}

async function post<T = unknown>(api: Api, path: string, input: Record<string, unknown> = {}): Promise<T> {
  const answer = await call<T>(api, 'POST', path, input);
  if (answer.httpStatus !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.data;
}

async function getBytes(api: Api, path: string): Promise<{ status: number; text: string }> {
  const response = await api.handle(new Request(`http://localhost/api/v2${path}`));
  return { status: response.status, text: await response.text() };
}

const toBase64 = async (blob: Blob) => Buffer.from(await blob.arrayBuffer()).toString('base64');

interface Status {
  state: string;
  error: string | null;
  keepOriginals: boolean;
  fileErrors: { id: string; name: string; file: string; error: string }[];
}

/** A library of three pictures (thumbnails made here) and one file larger than the server accepts. */
async function fillLibrary(api: Api, media: TestProcessor): Promise<{ pictures: string[]; large: string }> {
  await post(api, '/item/add', { name: 'huge scan', ext: 'txt', base64: Buffer.from('x'.repeat(30_000)).toString('base64') });
  const library = api.open(await api.registry.current());
  const pictures: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const row = await storeItem(library, { name: `pic ${i}`, ext: 'png', mime: 'image/png', thumbnail: 'pending' }, fakeImage(40 + i, 30, [i * 50, 0, 0]));
    pictures.push(row.id);
  }
  await api.media.resume();
  await api.media.whenIdle();
  expect(media.seen.length).toBeGreaterThanOrEqual(3);
  const listed = (await call<{ data: { id: string; name: string }[] }>(api, 'GET', '/item/get', { limit: 10, orderBy: 'NAME' })).data.data;
  return { pictures, large: listed.find((item) => item.name === 'huge scan')!.id };
}

async function filesOnServer(url: string): Promise<string[]> {
  const answer = (await (await fetch(`${url}-files/_all_docs`)).json()) as { rows: { id: string }[] };
  return answer.rows.map((row) => row.id).sort();
}

describe('sync: files on demand through a CouchDB-protocol server', () => {
  it('uploads thumbnails and originals after the metadata, a bounded number per cycle, redoing at most one cut upload; a too-large file is named and its item still syncs', async () => {
    const a = makeDevice();
    const url = newDatabase();
    const { pictures, large } = await fillLibrary(a.api, a.media);
    await post(a.api, '/sync/start', { url });
    const library = a.api.open(await a.api.registry.current());

    // Cut the third upload after the server stored it: its answer never comes back (a stopped worker).
    const uploads: string[] = [];
    a.tap.current = async (requestUrl, init, answer) => {
      if (init.method === 'PUT' && requestUrl.startsWith(`${url}-files/`)) {
        uploads.push(decodeURIComponent(requestUrl.slice(`${url}-files/`.length)));
        if (uploads.length === 3) {
          await answer();
          throw new TypeError('fetch failed');
        }
      }
      return answer();
    };
    await runCycle(library, { loadPouch: loadNodePouch, fetchServer: a.fetchServer, now: Date.now, fileBudget: { files: 2, bytes: 1 << 30 } });
    // The metadata went up whole; the files step sent two files (its budget).
    expect((await fetch(`${url}/_all_docs`).then((r) => r.json())).rows.filter((row: { id: string }) => row.id.startsWith('item:'))).toHaveLength(4);
    expect(uploads).toHaveLength(2);
    const filesOfItems = (await library.db.items.toArray()).flatMap(({ id }) => [`thumbnail:${id}`, `original:${id}`]);
    expect((await recordedAmong(library.db, filesOfItems)).size).toBe(2);

    await runCycle(library, { loadPouch: loadNodePouch, fetchServer: a.fetchServer, now: Date.now, fileBudget: { files: 2, bytes: 1 << 30 } });
    expect(uploads).toHaveLength(3);
    expect(await post<Status>(a.api, '/sync/run')).toMatchObject({ state: 'idle', error: null });
    // Three thumbnails (the text file has none) and three originals; the large one was refused.
    const everyFile = [...pictures.flatMap((id) => [`original:${id}`, `thumbnail:${id}`])].sort();
    expect(await filesOnServer(url)).toEqual(everyFile);
    // Seven files (3 thumbnails, 4 originals); the one whose answer was lost went twice, nothing else did.
    expect(uploads).toHaveLength(8);
    expect(new Set(uploads).size).toBe(7);
    expect(uploads.filter((doc) => doc === uploads[2])).toHaveLength(2);

    const status = await call<Status>(a.api, 'GET', '/sync/status');
    const { ext } = (await call<{ data: { ext: string }[] }>(a.api, 'GET', '/item/get', { id: large })).data.data[0]!;
    const name = ext ? `huge scan.${ext}` : 'huge scan';
    expect(status.data.fileErrors).toEqual([{ id: large, name, file: 'original', error: `${name}: the original (30000 bytes) is larger than the server accepts (HTTP 413); it stays on this device only.` }]);
    // Recorded: later cycles send nothing again.
    await post(a.api, '/sync/run');
    expect(uploads).toHaveLength(8);

    // Its item's metadata synced all the same: another device lists it, with a file it cannot fetch.
    const b = makeDevice();
    await post(b.api, '/sync/start', { url });
    await post(b.api, '/sync/run');
    const onB = (await call<{ data: { id: string; fileURL: string }[] }>(b.api, 'GET', '/item/get', { id: large })).data.data[0]!;
    expect(onB.fileURL).toContain(`/item/file?id=${large}`);
    expect((await getBytes(b.api, `/item/file?id=${large}`)).status).toBe(404);
  }, 120_000);

  it('on the other device: thumbnails arrive with the cycle and stay as they came; an original is fetched on first open and kept offline; "keep every original" fetches them all', async () => {
    const a = makeDevice();
    const url = newDatabase();
    const { pictures } = await fillLibrary(a.api, a.media);
    await post(a.api, '/sync/start', { url });
    await post(a.api, '/sync/run');
    const thumbnailsOnA = await Promise.all(pictures.map((id) => getBytes(a.api, `/item/thumbnail?id=${id}`)));

    const b = makeDevice();
    await post(b.api, '/sync/start', { url });
    expect(await post<Status>(b.api, '/sync/run')).toMatchObject({ state: 'idle', error: null, keepOriginals: false });
    const libraryB = b.api.open(await b.api.registry.current());
    // The cycle brought every thumbnail and no original.
    expect((await libraryB.db.thumbnails.toCollection().primaryKeys()).sort()).toEqual([...pictures].sort());
    expect(await libraryB.db.files.count()).toBe(0);
    // The media jobs of synced items ran (descriptors) without making the thumbnails again.
    await b.api.media.whenIdle();
    for (const [i, id] of pictures.entries()) expect(await getBytes(b.api, `/item/thumbnail?id=${id}`)).toEqual(thumbnailsOnA[i]);
    expect(b.media.seen.every((request) => request.mime === 'image/webp')).toBe(true);

    // First open fetches the original, which then stays: served with the server down.
    const first = pictures[0]!;
    expect(await getBytes(b.api, `/item/file?id=${first}`)).toEqual(await getBytes(a.api, `/item/file?id=${first}`));
    expect(await libraryB.db.files.count()).toBe(1);
    await server.stop();
    try {
      expect(await getBytes(b.api, `/item/file?id=${first}`)).toEqual(await getBytes(a.api, `/item/file?id=${first}`));
      const unreachable = await call(b.api, 'GET', '/item/file', { id: pictures[1] });
      expect(unreachable.httpStatus).toBe(503);
      expect(unreachable.body.message).toMatch(new RegExp(`^id: the original of item "${pictures[1]}" is on the sync server .* which did not answer`));
    } finally {
      await server.start();
    }
    // Nothing fetched on B goes back up.
    expect(await filesOnServer(url)).toHaveLength(6);

    // "Keep every original": the next cycles fetch the rest.
    expect(await post<Status>(b.api, '/sync/settings', { keepOriginals: true })).toMatchObject({ keepOriginals: true });
    expect(await post<Status>(b.api, '/sync/run')).toMatchObject({ state: 'idle', error: null });
    expect((await libraryB.db.files.toCollection().primaryKeys()).sort()).toEqual([...pictures].sort());

    // As a sync/start field on a fresh device.
    const c = makeDevice();
    expect(await post<Status>(c.api, '/sync/start', { url, keepOriginals: true })).toMatchObject({ keepOriginals: true });
    await post(c.api, '/sync/run');
    expect(await c.api.open(await c.api.registry.current()).db.files.count()).toBe(3);

    // A thumbnail asked for before a cycle brought it is fetched then (a cycle with no file budget: metadata only).
    const e = makeDevice();
    await post(e.api, '/sync/start', { url });
    const libraryE = e.api.open(await e.api.registry.current());
    await runCycle(libraryE, { loadPouch: loadNodePouch, fetchServer: e.fetchServer, now: Date.now, fileBudget: { files: 0, bytes: 0 } });
    expect(await libraryE.db.items.count()).toBe(4);
    expect(await libraryE.db.thumbnails.count()).toBe(0);
    expect(await getBytes(e.api, `/item/thumbnail?id=${pictures[2]}`)).toEqual(thumbnailsOnA[2]);
    expect(await libraryE.db.thumbnails.get(pictures[2]!)).toBeDefined();

    // Bad input: named; not syncing: a conflict.
    expect((await call(b.api, 'POST', '/sync/settings', { keepOriginals: 'yes' })).body).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/keepOriginals/) });
    const d = makeDevice();
    expect((await call(d.api, 'POST', '/sync/settings', { keepOriginals: true })).httpStatus).toBe(409);
  }, 120_000);

  it('sends a thumbnail replaced on one device again and the other device takes it; deletes the files of an item removed everywhere, and no device sends them back', async () => {
    const a = makeDevice();
    const url = newDatabase();
    const { pictures } = await fillLibrary(a.api, a.media);
    await post(a.api, '/sync/start', { url });
    await post(a.api, '/sync/run');
    const b = makeDevice();
    await post(b.api, '/sync/start', { url, keepOriginals: true });
    await post(b.api, '/sync/run');
    const [changed, removed] = [pictures[0]!, pictures[1]!];
    const before = await getBytes(b.api, `/item/thumbnail?id=${changed}`);
    expect(before).toEqual(await getBytes(a.api, `/item/thumbnail?id=${changed}`));
    const revisionOf = async (doc: string) => ((await (await fetch(`${url}-files/${encodeURIComponent(doc)}`)).json()) as { _rev: string })._rev;
    expect(await revisionOf(`thumbnail:${changed}`)).toMatch(/^1-/);

    // A custom thumbnail on A: the next cycle sends it over the server's, and B fetches it again.
    expect(await post(a.api, '/item/setCustomThumbnail', { itemId: changed, filePath: '/covers/green.png' })).toBe(true);
    const custom = await getBytes(a.api, `/item/thumbnail?id=${changed}`);
    expect(custom).not.toEqual(before);
    expect(await post<Status>(a.api, '/sync/run')).toMatchObject({ state: 'idle', error: null });
    expect(await revisionOf(`thumbnail:${changed}`)).toMatch(/^2-/);
    expect((await fetch(`${url}-files/${encodeURIComponent(`thumbnail:${changed}`)}/file`).then((answer) => answer.text()))).toBe(custom.text);
    expect(await post<Status>(b.api, '/sync/run')).toMatchObject({ state: 'idle', error: null });
    expect(await getBytes(b.api, `/item/thumbnail?id=${changed}`)).toEqual(custom);
    // In step: further cycles move nothing.
    await post(a.api, '/sync/run');
    await post(b.api, '/sync/run');
    expect(await revisionOf(`thumbnail:${changed}`)).toMatch(/^2-/);

    // An item removed for good (another client of the database emptied the trash): the device that
    // applies the removal deletes its files from the files database; B, which held them, pulls the
    // removal and sends nothing back.
    expect(await filesOnServer(url)).toContain(`original:${removed}`);
    const item = `${url}/${encodeURIComponent(`item:${removed}`)}`;
    const { _rev } = (await (await fetch(item)).json()) as { _rev: string };
    expect((await fetch(`${item}?rev=${_rev}`, { method: 'DELETE' })).status).toBe(200);
    expect(await post<Status>(a.api, '/sync/run')).toMatchObject({ state: 'idle', error: null });
    expect((await call(a.api, 'GET', '/item/get', { id: removed })).data).toMatchObject({ data: [] });
    const gone = (await filesOnServer(url)).filter((doc) => doc.endsWith(`:${removed}`));
    expect(gone).toEqual([]);
    const libraryB = b.api.open(await b.api.registry.current());
    expect(await libraryB.db.files.get(removed)).toBeDefined();
    expect(await post<Status>(b.api, '/sync/run')).toMatchObject({ state: 'idle', error: null });
    expect(await libraryB.db.files.get(removed)).toBeUndefined();
    expect(await libraryB.db.thumbnails.get(removed)).toBeUndefined();
    await post(b.api, '/sync/run');
    await post(a.api, '/sync/run');
    expect((await filesOnServer(url)).filter((doc) => doc.endsWith(`:${removed}`))).toEqual([]);
    // The other pictures' files stay.
    expect(await filesOnServer(url)).toEqual([...[changed, pictures[2]!].flatMap((id) => [`original:${id}`, `thumbnail:${id}`])].sort());
  }, 120_000);

  it('sends a file again that the server lost while its item lives here', async () => {
    const a = makeDevice();
    const url = newDatabase();
    const { pictures } = await fillLibrary(a.api, a.media);
    await post(a.api, '/sync/start', { url });
    await post(a.api, '/sync/run');
    const lost = `thumbnail:${pictures[0]!}`;
    const doc = `${url}-files/${encodeURIComponent(lost)}`;
    const { _rev } = (await (await fetch(doc)).json()) as { _rev: string };
    expect((await fetch(`${doc}?rev=${_rev}`, { method: 'DELETE' })).status).toBe(200);
    expect(await filesOnServer(url)).not.toContain(lost);
    // One cycle reads the deletion from the files database's change feed, the next sends the file again.
    expect(await post<Status>(a.api, '/sync/run')).toMatchObject({ state: 'idle', error: null });
    expect(await post<Status>(a.api, '/sync/run')).toMatchObject({ state: 'idle', error: null });
    expect(await filesOnServer(url)).toContain(lost);
    expect(await fetch(`${doc}/file`).then((answer) => answer.text())).toBe((await getBytes(a.api, `/item/thumbnail?id=${pictures[0]!}`)).text);
  }, 60_000);
});
