// The web app's result and selection stores against the real core (fake-indexeddb), through an ApiPort.
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultStore, PAGE_SIZE } from '../../src/app/grid/result-store';
import { PrefsStore } from '../../src/app/prefs/prefs-store';
import { listingOf } from '../../src/app/search/listing';
import { defaultViewState } from '../../src/app/search/view-state';
import { SelectionStore, type SelectBody } from '../../src/app/selection/selection-store';
import { SidebarStore } from '../../src/app/sidebar/sidebar-store';
import type { LoosePort as ApiPort } from '../loose-client';
import { apiPort, makeApi, newLibrary } from './helpers';

const api = makeApi();
let library = '';
const port = apiPort(() => api, () => library);
// Four pages of PAGE_SIZE: enough for ranges through pages never loaded, small enough for fake-indexeddb.
const N = 400;
let byName: string[] = [];

beforeAll(async () => {
  library = await newLibrary(api);
  const items = Array.from({ length: N }, (_, i) => ({ name: `item ${String(N - i).padStart(4, '0')}`, bookmarkURL: `https://e.test/${i}` }));
  await port.post('/item/add', { items });
  byName = (await port.post<{ ids: string[] }>('/item/ids', { orderBy: 'NAME' })).ids;
});

const nameListing = listingOf({ ...defaultViewState(), sort: { field: 'NAME', descending: false } });

describe('ResultStore', () => {
  it('loads the first page and total, then other pages on demand', async () => {
    const results = new ResultStore(port);
    await results.load(nameListing);
    expect(results.total).toBe(N);
    expect(results.itemAt(0)?.id).toBe(byName[0]);
    expect(results.itemAt(PAGE_SIZE * 3)).toBeUndefined();
    await results.ensure(PAGE_SIZE * 3, PAGE_SIZE * 3 + 3);
    expect(results.itemAt(PAGE_SIZE * 3 + 3)?.id).toBe(byName[PAGE_SIZE * 3 + 3]);
    expect(results.indexOfLoaded(byName[PAGE_SIZE * 3 + 3]!)).toBe(PAGE_SIZE * 3 + 3);
  });

  it('drops answers for a listing it has left', async () => {
    const results = new ResultStore(port);
    const first = results.load(nameListing);
    const trash = results.load(listingOf({ ...defaultViewState(), view: { kind: 'trash' } }));
    await Promise.all([first, trash]);
    expect(results.total).toBe(0);
  });

  it('drops a page read before a refresh that reordered the listing, and reads it again', async () => {
    const own = await newLibrary(api);
    const base = apiPort(() => api, () => own);
    await base.post('/item/add', { items: Array.from({ length: 400 }, (_, i) => ({ bookmarkURL: `https://e.test/${i}` })) });
    // Page 3's item/get reads now and answers only when released.
    let held: Promise<void> | null = null;
    let release = () => {};
    let readDone = () => {};
    const read = new Promise<void>((resolve) => (readDone = resolve));
    const port: ApiPort = {
      get: base.get,
      post: async <T>(path: string, body?: unknown) => {
        const answer = await base.post<T>(path, body);
        const gate = held;
        if (gate && path === '/item/get' && (body as { ids?: unknown }).ids) {
          readDone();
          await gate;
        }
        return answer;
      },
    };
    const results = new ResultStore(port);
    await results.load(listingOf(defaultViewState()));
    held = new Promise<void>((resolve) => (release = resolve));
    const deep = results.ensure(300, 300);
    await read;
    held = null;
    await base.post('/item/add', { bookmarkURL: 'https://e.test/newest' }); // newest first: every index moves by one
    await results.refresh();
    release();
    await deep;
    await results.ensure(300, 300);
    const now = (await base.post<{ ids: string[] }>('/item/ids', {})).ids;
    expect(results.itemAt(300)?.id).toBe(now[300]);
  });

  it('keeps a search syntax error for the search box', async () => {
    const errors: unknown[] = [];
    const results = new ResultStore(port, (error) => errors.push(error));
    await results.load(listingOf({ ...defaultViewState(), search: '"open' }));
    expect(results.error?.message).toMatch(/^query: /);
    expect(errors).toHaveLength(1);
  });
});

describe('SelectionStore', () => {
  async function setup() {
    const results = new ResultStore(port);
    await results.load(nameListing);
    const mirrored: SelectBody[] = [];
    const selection = new SelectionStore(results, async (body) => {
      await port.post('/item/select', body);
      mirrored.push(body);
    });
    return { results, selection, mirrored };
  }
  const selectedIds = async () => (await port.post<{ ids: string[] }>('/item/ids', { isSelected: true, orderBy: 'NAME' })).ids;
  /** The selection as the worker resolved it, in its order. */
  const resolved = async (selection: SelectionStore) => {
    await selection.mirrored();
    return (await port.post<{ ids: string[] }>('/item/selection', {})).ids;
  };

  it('selects a range across pages never loaded, in display order, and mirrors it', async () => {
    const { selection } = await setup();
    await selection.click(10, byName[10]!);
    await selection.click(350, byName[350]!, { range: true });
    expect(selection.count).toBe(341);
    expect(await resolved(selection)).toEqual(byName.slice(10, 351));
    await selection.mirrored();
    expect(await selectedIds()).toEqual(byName.slice(10, 351));
  });

  it('toggles with Ctrl, extends a range backwards, selects all and clears', async () => {
    const { selection } = await setup();
    await selection.click(5, byName[5]!);
    await selection.click(7, byName[7]!, { toggle: true });
    await selection.click(5, byName[5]!, { toggle: true });
    expect(selection.explicitIds).toEqual([byName[7]]);
    expect(await resolved(selection)).toEqual([byName[7]]);
    await selection.click(7, byName[7]!);
    await selection.extendTo(4);
    expect(await resolved(selection)).toEqual(byName.slice(4, 8));
    await selection.selectAll();
    expect(selection.count).toBe(N);
    selection.clear();
    await selection.mirrored();
    expect(await selectedIds()).toEqual([]);
  });

  it('writes nothing when a new listing resets a selection that was already empty', async () => {
    // Another client (a host page, a script) may have set item/select: opening a view must not wipe it.
    const { selection, mirrored } = await setup();
    selection.reset();
    selection.clear();
    await selection.mirrored();
    expect(mirrored).toEqual([]);
    void selection.click(1, byName[1]!);
    selection.reset();
    await selection.mirrored();
    expect(mirrored.at(-1)).toEqual({ ids: [] });
  });

  it('a key move focuses at once and selects when its id comes, unless a later move overtook it', async () => {
    // End asks for the last page; Home and PageDown are pressed before it answers.
    const { selection } = await setup();
    let answerEnd!: (id: string) => void;
    const end = selection.moveTo(N - 1, new Promise<string>((resolve) => (answerEnd = resolve)));
    expect(selection.focus).toBe(N - 1);
    await selection.moveTo(0, byName[0]);
    await selection.moveTo(12, Promise.resolve(byName[12]));
    answerEnd(byName[N - 1]!);
    await end;
    expect(selection.focus).toBe(12);
    expect(selection.explicitIds).toEqual([byName[12]]);
    await selection.moveTo(13, undefined);
    expect(selection.focus).toBe(13);
    expect(selection.explicitIds).toEqual([byName[12]]);
  });

  it('a click after a select-all replaces it, also in the worker', async () => {
    const { selection } = await setup();
    const all = selection.selectAll();
    await selection.click(2, byName[2]!);
    await all;
    expect(selection.explicitIds).toEqual([byName[2]]);
    expect(await resolved(selection)).toEqual([byName[2]]);
  });

  it('coalesces mirror writes: the last selection wins', async () => {
    const { selection, mirrored } = await setup();
    for (let i = 0; i < 5; i++) void selection.click(i, byName[i]!);
    await selection.mirrored();
    expect(mirrored.length).toBeLessThan(5);
    expect(mirrored.at(-1)).toEqual({ ids: [byName[4]] });
  });
});

describe('SidebarStore', () => {
  it('keeps the newer tree when an older reload answers last', async () => {
    // A live batch's reload reads the tree, a folder is made, the dialog's reload reads again and
    // answers first; the older answer, last, must not take the new folder away.
    const own = await newLibrary(api);
    const base = apiPort(() => api, () => own);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let hold = true;
    const port: ApiPort = {
      post: base.post,
      get: async <T>(path: string, query?: Parameters<ApiPort['get']>[1]) => {
        const answer = await base.get<T>(path, query); // read now
        if (hold && path === '/folder/get') {
          hold = false;
          await held; // answer late
        }
        return answer;
      },
    };
    const sidebar = new SidebarStore(port);
    const older = sidebar.loadTree();
    await base.post('/folder/create', { name: 'Made meanwhile' });
    await sidebar.loadTree();
    release();
    await older;
    expect(sidebar.folders.map((folder) => folder.name)).toEqual(['Made meanwhile']);
  });
});

describe('PrefsStore', () => {
  it('remembers size and sort, and clamps what it reads', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    new PrefsStore(storage).update({ thumbSize: 999, sort: { field: 'NAME', descending: true }, sidebarOpen: false });
    const again = new PrefsStore(storage).prefs;
    expect(again).toMatchObject({ thumbSize: 400, sort: { field: 'NAME', descending: true }, sidebarOpen: false, inspectorOpen: true });
    map.set('offline-asset-library:prefs', '{not json');
    expect(new PrefsStore(storage).prefs.thumbSize).toBe(160);
  });
});
