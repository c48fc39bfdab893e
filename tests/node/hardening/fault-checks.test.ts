// Issue 41, the fault checks: sync's routes refuse fields they do not read; nothing that changes
// nothing (a no-op sync/stop, a restart, a text search turning its indexes on) moves the library's
// date; many tags, folders or smart-folder rules cost about what one does (counted in IndexedDB
// requests, not timed); and an item keeps its file's extension, whatever it is.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../../src/core';
import { folderList, tagList } from '../../../src/core/postings/posting-lists';
import { readList, readListsNamed, readManyLists } from '../../../src/core/postings/postings-store';
import { buildEagleLibrary, zipOf } from '../fixtures/eagle-library';
import { call, type Answer } from '../helpers';

let api: Api;
let namespace: string;
let library: string;
let time = 1_790_000_000_000;
const clock = () => (time += 1000);

const post = <T = unknown>(path: string, body: Record<string, unknown> = {}) => call<T>(api, 'POST', path, body, { library });
const get = <T = unknown>(path: string, query: Record<string, unknown> = {}) => call<T>(api, 'GET', path, query, { library });
const libraryDate = async () => (await get<{ modificationTime: number }>('/library/info')).data.modificationTime;
const ok = <T>(answer: Answer<T>): T => {
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return answer.data;
};

/** Source bytes of no type anyone sniffs (an executable's "MZ" header). */
const UNKNOWN_BYTES = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]);
const fetchSource = async (url: string) => new Response(UNKNOWN_BYTES, { headers: { 'Content-Type': url.includes('.exe') ? 'application/x-msdownload' : 'application/octet-stream' } });

beforeEach(async () => {
  namespace = `fault-checks-${process.pid}-${Math.random().toString(36).slice(2)}`;
  api = createApi({ namespace, clock, fetchSource, mediaWaitMs: 1 });
  library = ok(await call<{ path: string }>(api, 'POST', '/library/create', { name: 'Faults' })).path;
});
afterEach(() => api.close());

describe('sync routes validate their bodies (point 4)', () => {
  it.each([
    ['/sync/stop', { offset: true, limit: 'NaN' }, /^The request offset, limit: not a field of this route \(it takes none\)/],
    ['/sync/run', { offset: true }, /offset: not a field of this route/],
    ['/sync/watch', { offset: true, limit: 'NaN' }, /offset, limit: not a field of this route \(it reads timeout\)/],
    ['/sync/settings', { keepOriginals: true, limit: 'NaN' }, /limit: not a field of this route \(it reads keepOriginals\)/],
    ['/sync/start', { url: 'http://127.0.0.1:5984/photos', offset: 1 }, /offset: not a field of this route/],
  ])('%s refuses %j with a 400 naming the field', async (path, body, message) => {
    const answer = await post(path, body);
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect(answer.body.message).toMatch(message);
  });

  it('still answers an empty sync/stop, and sync/status with a token in its query', async () => {
    expect(ok(await post('/sync/stop'))).toBe(true);
    ok(await get('/sync/status', { token: 'abc' }));
  });
});

describe("the library's date moves only with a change (points 4 and 5)", () => {
  async function libraryWithItems() {
    ok(await post('/item/add', { items: [{ base64: 'TVqQAAM=', name: 'setup', tags: ['a'] }, { bookmarkURL: 'https://example.com/', name: 'page' }] }));
    return libraryDate();
  }

  it('a no-op sync/stop, rejected bodies and reads leave it', async () => {
    const before = await libraryWithItems();
    ok(await post('/sync/stop'));
    await post('/sync/stop', { offset: true, limit: 'NaN' });
    await post('/item/update', { id: 'NOPE', name: 'x' });
    ok(await get('/item/get'));
    expect(await libraryDate()).toBe(before);
  });

  it('a text search that turns the AI indexes on (bookkeeping) leaves it', async () => {
    const before = await libraryWithItems();
    await post('/aiSearch/searchByText', { query: 'cat' });
    expect(await libraryDate()).toBe(before);
    // A real change still moves it.
    ok(await post('/folder/create', { name: 'New' }));
    expect(await libraryDate()).toBeGreaterThan(before);
  });

  it('a restart (a new core on the same database) and its first requests leave it', async () => {
    const before = await libraryWithItems();
    api.close();
    api = createApi({ namespace, clock, fetchSource, mediaWaitMs: 1 });
    await api.media.resume();
    ok(await get('/library/info'));
    ok(await get('/sync/status'));
    ok(await get('/aiSearch/isStarting'));
    await post('/aiSearch/searchByText', { query: 'page' });
    ok(await post('/sync/stop'));
    await api.media.whenIdle();
    expect(await libraryDate()).toBe(before);
  });
});

/**
 * Counts IndexedDB requests (fake-indexeddb's), the work a request does: unlike a timer, the count
 * does not depend on how loaded the machine is.
 */
function countRequests(): { count: () => number; stop: () => void } {
  const methods = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'] as const;
  let calls = 0;
  const restore: (() => void)[] = [];
  for (const proto of [globalThis.IDBObjectStore.prototype, globalThis.IDBIndex.prototype] as unknown as Record<string, (...args: unknown[]) => unknown>[]) {
    for (const name of methods) {
      const original = proto[name];
      if (!original) continue;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        calls += 1;
        return original.apply(this, args);
      };
      restore.push(() => (proto[name] = original));
    }
  }
  return { count: () => calls, stop: () => restore.forEach((undo) => undo()) };
}

async function requestsOf(send: () => Promise<Answer>): Promise<number> {
  const counter = countRequests();
  try {
    const answer = await send();
    expect(answer.httpStatus, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    return counter.count();
  } finally {
    counter.stop();
  }
}

describe('catastrophic inputs cost about what one term does (point 6)', () => {
  let folders: string[];

  beforeEach(async () => {
    folders = [];
    for (let i = 0; i < 4; i++) folders.push(ok(await post<{ id: string }>('/folder/create', { name: `f${i}` })).id);
    const items = Array.from({ length: 300 }, (_, i) => ({ bookmarkURL: `https://example.com/${i}`, name: `n${i}`, tags: [`t${i % 40}`, `u${i % 7}`], folders: [folders[i % 4]!] }));
    ok(await post('/item/add', { items }));
  });

  // One term costs a handful of requests; 10,000 cost at most a few times that, never one each
  // (`limit: 1`: the page's rows are read one request each, the same for both).
  const bounded = (many: number, one: number) => expect(many, `${many} requests against ${one} for one term`).toBeLessThanOrEqual(4 * one + 20);

  it('item/get with 10,000 tags', async () => {
    const one = await requestsOf(() => post('/item/get', { tags: ['t1'], limit: 1 }));
    const many = await requestsOf(() => post('/item/get', { tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`), limit: 1 }));
    bounded(many, one);
    // The one pass reads every list as a read per list does (tails in packs and blocks alike).
    const { db } = api.open(await api.registry.require(library));
    const lists = [...Array.from({ length: 40 }, (_, i) => tagList(`t${i}`)), ...Array.from({ length: 7 }, (_, i) => tagList(`u${i}`)), tagList('none')];
    const together = await readManyLists(db, lists);
    for (const list of lists) expect(together.get(list), list).toEqual(await readList(db, list));
    expect(together.get(tagList('t1'))!.length).toBe(8);
    // Folder lists of 75 keys each are past a tail's 64, in blocks.
    const byFolder = await readListsNamed(db, folderList(''), folders.map(folderList));
    for (const folder of folders) expect(byFolder.get(folderList(folder)), folder).toEqual(await readList(db, folderList(folder)));
    expect(byFolder.get(folderList(folders[0]!))!.length).toBe(75);
  });

  it('item/get with 10,000 folders', async () => {
    const one = await requestsOf(() => post('/item/get', { folders: [folders[0]!], limit: 1 }));
    const many = await requestsOf(() => post('/item/get', { folders: [...folders, ...Array.from({ length: 10_000 }, (_, i) => `F${i}`)], limit: 1 }));
    bounded(many, one);
    expect(ok(await post<{ total: number }>('/item/get', { folders: [...folders, ...Array.from({ length: 100 }, (_, i) => `F${i}`)] })).total).toBe(300);
  });

  it('counting and creating a 30x30 smart folder', async () => {
    const rule = (g: number, r: number) =>
      r % 3 === 0
        ? { property: 'tags', method: 'union', value: [`t${(g * 30 + r) % 40}`, `u${r % 7}`, `z${g}-${r}`] }
        : r % 3 === 1
          ? { property: 'folders', method: 'union', value: [folders[r % 4]!] }
          : { property: 'tags', method: 'intersection', value: [`t${g}`, `z${r}`] };
    const conditions = Array.from({ length: 30 }, (_, g) => ({ match: 'OR', boolean: 'TRUE', rules: Array.from({ length: 30 }, (_, r) => rule(g, r)) }));
    const single = [{ match: 'OR', boolean: 'TRUE', rules: [rule(0, 0)] }];
    const one = await requestsOf(() => post('/smartFolder/count', { conditions: single }));
    bounded(await requestsOf(() => post('/smartFolder/count', { conditions })), one);
    const oneCreate = await requestsOf(() => post('/smartFolder/create', { name: 'one', conditions: single }));
    bounded(await requestsOf(() => post('/smartFolder/create', { name: 'big', conditions })), oneCreate);
    expect(ok(await post<{ count: number }>('/smartFolder/count', { conditions })).count).toBe(300);
  });
});

describe('an item keeps its extension, whatever it is (point 7)', () => {
  const listed = async () => Object.fromEntries(ok(await get<{ data: { name: string; ext: string }[] }>('/item/get')).data.map((item) => [item.name, item.ext]));

  it('through path, url and Base64 (the name, or `ext`, names it)', async () => {
    ok(
      await post('/item/add', {
        items: [
          { path: '/files/setup.exe' },
          { url: 'https://example.com/files/mystery.xyz' },
          { base64: 'data:application/octet-stream;base64,TVqQAAM=', name: 'from app', ext: 'xyz' },
          { base64: 'TVqQAAM=', name: 'named.exe' },
          { base64: 'TVqQAAM=', name: 'dotted', ext: '.BIN' },
        ],
      }),
    );
    expect(await listed()).toEqual({ setup: 'exe', mystery: 'xyz', 'from app': 'xyz', 'named.exe': 'exe', dotted: 'bin' });
  });

  it('refuses an `ext` that is no extension, naming the field', async () => {
    const answer = await post('/item/add', { items: [{ base64: 'TVqQAAM=', name: 'x' }, { base64: 'TVqQAAM=', ext: 'a/b' }] });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/^items\[1\]\.ext: must be a file extension/);
  });

  it('through an Eagle library import', async () => {
    const fixture = buildEagleLibrary({ name: 'Odd', items: 3, plain: true });
    const renamed: Record<string, string> = {};
    for (const [[id, record], ext] of [...fixture.records].slice(0, 2).map((entry, i) => [entry, ['exe', 'xyz'][i]!] as const)) {
      const dir = `images/${id}.info/`;
      const bytes = fixture.files.get(`${dir}${String(record.name)}.${String(record.ext)}`)!;
      fixture.files.delete(`${dir}${String(record.name)}.${String(record.ext)}`);
      record.ext = ext;
      fixture.files.set(`${dir}${String(record.name)}.${ext}`, bytes);
      fixture.files.set(`${dir}metadata.json`, new TextEncoder().encode(JSON.stringify(record)));
      renamed[String(record.name)] = ext;
    }
    const response = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true', { method: 'POST', body: await zipOf(fixture) }));
    const state = ((await response.json()) as { data: { status: string; libraryPath: string } }).data;
    expect(state.status).toBe('done');
    const items = ok(await call<{ data: { name: string; ext: string }[] }>(api, 'GET', '/item/get', {}, { library: state.libraryPath })).data;
    const exts = Object.fromEntries(items.map((item) => [item.name, item.ext]));
    for (const [name, ext] of Object.entries(renamed)) expect(exts[name], name).toBe(ext);
  });
});
