// The result store's ids layer: windows of a listing's ids near what is shown, details read by id,
// ranges read through item/ids, refresh after items come and go. Against the real core (fake-indexeddb), through a logging ApiPort.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { WINDOW } from '../../src/app/grid/listing-ids';
import { PAGE_SIZE, ResultStore } from '../../src/app/grid/result-store';
import { listingOf } from '../../src/app/search/listing';
import { defaultViewState } from '../../src/app/search/view-state';
import { SelectionStore } from '../../src/app/selection/selection-store';
import type { LoosePort as ApiPort } from '../loose-client';
import { apiPort, makeApi, newLibrary } from './helpers';

const api = makeApi();
const N = 350;

/** An ApiPort on its own library that records every request's path and body. */
function loggingPort(library: string) {
  const log: { path: string; body: Record<string, unknown> }[] = [];
  const port = apiPort(() => api, () => library, (path, body) => log.push({ path, body }));
  return { port, log };
}

async function seededLibrary(count: number): Promise<string> {
  const library = await newLibrary(api);
  const items = Array.from({ length: count }, (_, i) => ({ name: `item ${String(i).padStart(4, '0')}`, bookmarkURL: `https://e.test/${i}` }));
  await loggingPort(library).port.post('/item/add', { items });
  return library;
}

const byNameListing = listingOf({ ...defaultViewState(), sort: { field: 'NAME', descending: false } });
let shared = '';
let byName: string[] = [];

beforeAll(async () => {
  shared = await seededLibrary(N);
  byName = (await loggingPort(shared).port.post<{ ids: string[] }>('/item/ids', { orderBy: 'NAME' })).ids;
});

/** Reads the window(s) of ids that hold every index of these small listings. */
async function idsLoaded(results: ResultStore): Promise<void> {
  await results.ids(0, results.total);
}

describe('ResultStore ids', () => {
  it('opens with the first page alone; the id at every index of a window is known once it is in, with no page of details there', async () => {
    const { port, log } = loggingPort(shared);
    const results = new ResultStore(port);
    await results.load(byNameListing);
    expect(results.idAt(5)).toBe(byName[5]);
    // The first screen needs no ids: one request.
    expect(log.map((entry) => entry.path)).toEqual(['/item/get']);
    expect(results.idAt(PAGE_SIZE + 1)).toBeUndefined();
    await idsLoaded(results);
    for (const index of [0, 99, 100, 249, N - 1]) expect(results.idAt(index)).toBe(byName[index]);
    expect(results.itemAt(PAGE_SIZE * 3 + 7)).toBeUndefined();
    expect(log.filter((entry) => entry.path === '/item/ids').map((entry) => [entry.body.offset, entry.body.limit])).toEqual([[0, WINDOW]]);
  });

  it('reads a page of details by id, not by offset, and puts each item at its index', async () => {
    const { port, log } = loggingPort(shared);
    const results = new ResultStore(port);
    await results.load(byNameListing);
    await results.ensure(PAGE_SIZE * 2, PAGE_SIZE * 2 + 1);
    const read = log.filter((entry) => entry.path === '/item/get').at(-1)!;
    expect(read.body.offset).toBeUndefined();
    expect(read.body.ids).toEqual(byName.slice(PAGE_SIZE * 2, PAGE_SIZE * 3));
    for (let index = PAGE_SIZE * 2; index < PAGE_SIZE * 3; index++) expect(results.itemAt(index)?.id).toBe(byName[index]);
  });

  it('selects a range through pages never loaded as positions, without asking the API for ids', async () => {
    const { port, log } = loggingPort(shared);
    const results = new ResultStore(port);
    await results.load(byNameListing);
    await idsLoaded(results);
    const selection = new SelectionStore(results, async () => undefined);
    const before = log.length;
    await selection.click(10, byName[10]!);
    await selection.click(320, byName[320]!, { range: true });
    expect(selection.ranges).toEqual([{ from: 10, to: 320 }]);
    expect(selection.count).toBe(311);
    expect(selection.has(200, undefined)).toBe(true);
    expect(log.slice(before)).toEqual([]);
  });

  it('reads the trash by id among trashed items', async () => {
    const library = await seededLibrary(3);
    const { port } = loggingPort(library);
    const ids = (await port.post<{ ids: string[] }>('/item/ids', {})).ids;
    await port.post('/item/update', { items: ids.map((id) => ({ id, isDeleted: true })) });
    const results = new ResultStore(port);
    await results.load(listingOf({ ...defaultViewState(), view: { kind: 'trash' } }));
    await idsLoaded(results);
    await results.refresh();
    expect(results.total).toBe(3);
    expect([0, 1, 2].map((index) => results.itemAt(index)?.id)).toEqual(ids);
  });
});

describe('ResultStore.refresh', () => {
  it('takes in new and trashed items: ids, total and the cached pages', async () => {
    const library = await seededLibrary(PAGE_SIZE + 20);
    const { port } = loggingPort(library);
    const results = new ResultStore(port);
    await results.load(byNameListing);
    await idsLoaded(results);
    await results.ensure(PAGE_SIZE, PAGE_SIZE + 1);
    const before = await results.ids(0, PAGE_SIZE + 20);
    // One item sorts first, one in the second page is trashed.
    const added = await port.post<{ id: string }>('/item/add', { name: 'aaa first', bookmarkURL: 'https://e.test/new' });
    await port.post('/item/update', { id: before[PAGE_SIZE + 5], isDeleted: true });
    const changes: number[] = [];
    results.subscribe(() => changes.push(results.total));
    await results.refresh();
    const after = (await port.post<{ ids: string[] }>('/item/ids', { orderBy: 'NAME' })).ids;
    expect(results.total).toBe(PAGE_SIZE + 20);
    expect(after[0]).toBe(added.id);
    expect(await results.ids(0, results.total)).toEqual(after);
    for (const index of [0, 1, PAGE_SIZE - 1, PAGE_SIZE, PAGE_SIZE + 5, PAGE_SIZE + 19]) expect(results.itemAt(index)?.id).toBe(after[index]);
    expect(results.itemAt(PAGE_SIZE + 20)).toBeUndefined();
    expect(changes.length).toBeGreaterThan(0);
  });

  it('reads again only the pages used last; the others are dropped and read when shown', async () => {
    const library = await seededLibrary(PAGE_SIZE * 10);
    const { port, log } = loggingPort(library);
    const results = new ResultStore(port);
    await results.load(byNameListing);
    await idsLoaded(results);
    await results.ensure(0, PAGE_SIZE * 10 - 1);
    for (let page = 0; page < 10; page++) results.itemAt(page * PAGE_SIZE); // used in this order: page 9 last
    log.length = 0;
    await results.refresh();
    const reads = log.filter((entry) => entry.path === '/item/get').map((entry) => (entry.body.ids as string[])[0]);
    expect(reads.sort()).toEqual([2, 3, 4, 5, 6, 7, 8, 9].map((page) => results.idAt(page * PAGE_SIZE)).sort());
    expect(results.itemAt(0)).toBeUndefined();
    expect(results.itemAt(PAGE_SIZE * 9)?.id).toBe(results.idAt(PAGE_SIZE * 9));
    await results.ensure(0, 0);
    expect(results.itemAt(0)?.id).toBe(results.idAt(0));
  });

  it('never shows a cached item at an index the ids now give to another item', async () => {
    const library = await seededLibrary(5);
    const { port } = loggingPort(library);
    // Reads of details wait while the gate is shut, so the test sees the moment between new ids and new pages.
    let open: () => void = () => {};
    let gate: Promise<void> | null = null;
    const gated: ApiPort = { get: port.get, post: async (path, body) => ((path === '/item/get' && gate ? await gate : undefined), port.post(path, body)) };
    const results = new ResultStore(gated);
    await results.load(byNameListing);
    await idsLoaded(results);
    const first = results.itemAt(0)!;
    await port.post('/item/add', { name: 'aaa newcomer', bookmarkURL: 'https://e.test/newcomer' });
    gate = new Promise((resolve) => (open = resolve));
    const refreshing = results.refresh();
    // The refresh drops the old windows, then reads the new one before the pages.
    await vi.waitFor(() => expect(results.idAt(0)).toMatch(/./));
    expect(results.idAt(0)).not.toBe(first.id);
    expect(results.itemAt(0)).toBeUndefined();
    expect(results.itemAt(1)).toBeUndefined();
    open();
    await refreshing;
    expect(results.itemAt(0)?.id).toBe(results.idAt(0));
    expect(results.itemAt(1)?.id).toBe(first.id);
  });
});
