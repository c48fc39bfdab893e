// The bulk editor's logic: counting which tags/folders all or some selected items carry, turning a
// change into item/update entries, runs of 1000, and runBulk against the real core (fake-indexeddb):
// every item written once across batch boundaries, and a refused batch reported with how far it got.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../loose-client';
import type { Item, Page } from '../../src/app/api-types';
import { chunks, describeChange, updateFor } from '../../src/app/bulk-edit/bulk-changes';
import { runBulk } from '../../src/app/bulk-edit/bulk-run';
import { readSelection, summariseSelection } from '../../src/app/bulk-edit/selection-reader';
import { presence, summarise, SummaryCounter, type SelectedItem } from '../../src/app/bulk-edit/selection-summary';
import { idList, selectionIds } from '../../src/app/selection/selection-ids';
import { SelectionStore } from '../../src/app/selection/selection-store';
import { makeApi, newLibrary } from './helpers';

const item = (id: string, tags: string[] = [], extra: Partial<SelectedItem> = {}): SelectedItem =>
  ({ id, tags, folders: [], star: 0, isDeleted: false, ...extra });

describe('selection summary', () => {
  it('counts each tag once per item, all before some, most common first', () => {
    const s = summarise([item('a', ['x', 'y', 'x']), item('b', ['x']), item('c', ['z', 'y'])]);
    expect(s.tags).toEqual([
      { name: 'x', count: 2, all: false },
      { name: 'y', count: 2, all: false },
      { name: 'z', count: 1, all: false },
    ]);
    expect(presence([['k'], ['k']], 2)).toEqual([{ name: 'k', count: 2, all: true }]);
  });

  it('names the one shared rating, or null when ratings differ; counts the trash', () => {
    expect(summarise([item('a', [], { star: 3 }), item('b', [], { star: 3 })]).star).toBe(3);
    expect(summarise([item('a', [], { star: 3 }), item('b', [], { star: 1, isDeleted: true })])).toMatchObject({ star: null, trashed: 1 });
    expect(summarise([])).toEqual({ total: 0, tags: [], folders: [], star: null, trashed: 0 });
  });

  it('counts run by run to the same summary as all at once', () => {
    const items = [item('a', ['x', 'y', 'x'], { folders: ['f'] }), item('b', ['x'], { star: 2 }), item('c', ['z', 'y'], { isDeleted: true, folders: ['f'] })];
    const counter = new SummaryCounter();
    counter.add(items.slice(0, 2));
    counter.add(items.slice(2));
    expect(counter.summary()).toEqual(summarise(items));
    expect(new SummaryCounter().summary()).toEqual(summarise([]));
  });
});

describe('bulk changes', () => {
  it('writes only items the change alters, with whole lists', () => {
    const tagged = item('a', ['x', 'y'], { folders: ['f1'] });
    expect(updateFor(tagged, { kind: 'addTag', tag: 'x' })).toBeNull();
    expect(updateFor(tagged, { kind: 'addTag', tag: 'z' })).toEqual({ id: 'a', tags: ['x', 'y', 'z'] });
    expect(updateFor(tagged, { kind: 'removeTag', tag: 'x' })).toEqual({ id: 'a', tags: ['y'] });
    expect(updateFor(tagged, { kind: 'removeTag', tag: 'q' })).toBeNull();
    expect(updateFor(tagged, { kind: 'addFolder', folder: 'f2' })).toEqual({ id: 'a', folders: ['f1', 'f2'] });
    expect(updateFor(tagged, { kind: 'removeFolder', folder: 'f1' })).toEqual({ id: 'a', folders: [] });
    expect(updateFor(tagged, { kind: 'rate', star: 0 })).toBeNull();
    expect(updateFor(tagged, { kind: 'rate', star: 4 })).toEqual({ id: 'a', star: 4 });
    expect(updateFor(tagged, { kind: 'trash' })).toEqual({ id: 'a', isDeleted: true });
    expect(updateFor(tagged, { kind: 'restore' })).toBeNull();
    expect(describeChange({ kind: 'addFolder', folder: 'f1' }, () => 'Travel / Coast')).toBe('Adding to folder “Travel / Coast”');
  });

  it('splits into runs of at most the given size', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 1000)).toEqual([]);
    expect(chunks(Array.from({ length: 2500 }), 1000).map((c) => c.length)).toEqual([1000, 1000, 500]);
    expect(() => chunks([1], 0)).toThrow();
  });
});

async function libraryOf(count: number, onUpdate?: (body: any, nth: number) => any) {
  const core = makeApi();
  let updates = 0;
  const fetch = async (input: string, init?: RequestInit) => {
    if (onUpdate && input.endsWith('/item/update')) init = { ...init, body: JSON.stringify(onUpdate(JSON.parse(String(init!.body)), ++updates)) };
    return core.handle(new Request(new URL(input, 'http://localhost'), init));
  };
  const api = new ApiClient({ library: await newLibrary(core), fetch, base: '/' });
  const ids: string[] = [];
  for (const run of chunks(Array.from({ length: count }, (_, i) => i), 1000)) {
    const items = run.map((i) => ({ bookmarkURL: `https://example.com/${i}`, tags: i % 3 === 0 ? ['third'] : [] }));
    ids.push(...(await api.post<{ ids: string[] }>('/item/add', { items })).ids);
  }
  return { api, ids };
}

describe('runBulk against the core', () => {
  it('tags 2,100 items in three batches with progress, and every item carries the tag once', async () => {
    const { api, ids } = await libraryOf(2100);
    const seen: number[] = [];
    const result = await runBulk(api, idList(ids), { kind: 'addTag', tag: 'third' }, (p) => seen.push(p.done));
    expect(seen).toEqual([0, 1000, 2000, 2100]);
    expect(result).toMatchObject({ done: 2100, total: 2100 });
    expect(result.error).toBeUndefined();
    expect(result.changed).toBe(2100 - 700); // a third already carried it
    expect(result.changedIds).toHaveLength(1000); // the first ones only
    const items = await readSelection(api, ids);
    expect(items.every((i) => i.tags.filter((t) => t === 'third').length === 1)).toBe(true);
    // The editor shows the run's own count of the items as it left them, not a second read of them.
    expect(result.summary).toEqual(summarise(items));
    expect(result.summary?.tags.find((t) => t.name === 'third')).toEqual({ name: 'third', count: 2100, all: true });
    const tags = await api.get<Page<{ name: string; count: number }>>('/tag/get', { name: 'third' });
    expect(tags.data[0]).toMatchObject({ name: 'third', count: 2100 });
  }, 60_000);

  it('stops at a refused batch: earlier batches applied, that one and later ones not, the item named', async () => {
    // The second request gets a bad rating in its entry 3, as if the client had sent it: the API refuses the whole batch.
    const { api, ids } = await libraryOf(2100, (body, nth) => {
      if (nth === 2) body.items[3].star = 9;
      return body;
    });
    const result = await runBulk(api, idList(ids), { kind: 'rate', star: 2 });
    expect(result.done).toBe(1000);
    expect(result.changedIds).toEqual(ids.slice(0, 1000));
    expect(result.error).toMatch(new RegExp(`^item ${ids[1003]}\\.star: `));
    expect(result.summary).toBeUndefined(); // the editor reads the selection again
    const stars = await api.post<Page<Item>>('/item/get', { ids: ids.slice(995, 1010), fields: ['star'], limit: 20 });
    const byId = new Map(stars.data.map((i) => [i.id, i.star]));
    expect(ids.slice(995, 1010).map((id) => byId.get(id))).toEqual([2, 2, 2, 2, 2, ...Array(10).fill(0)]);
  }, 60_000);

  it('trashes and restores, reading trashed items back', async () => {
    const { api, ids } = await libraryOf(5);
    await runBulk(api, idList(ids.slice(0, 3)), { kind: 'trash' });
    expect(summarise(await readSelection(api, ids)).trashed).toBe(3);
    const restored = await runBulk(api, idList(ids), { kind: 'restore' });
    expect(restored.changedIds.sort()).toEqual(ids.slice(0, 3).sort());
    expect(summarise(await readSelection(api, ids)).trashed).toBe(0);
  });

  it('stops a summary between runs once its signal is aborted, having read no further', async () => {
    const { api, ids } = await libraryOf(2100);
    const reading = new AbortController();
    const read: number[] = [];
    const summary = summariseSelection(api, idList(ids), (n) => {
      read.push(n);
      if (n === 1000) reading.abort(new Error('a newer read'));
    }, reading.signal);
    await expect(summary).rejects.toThrow('a newer read');
    expect(read).toEqual([1000]);
  }, 60_000);

  it('tags a select-all less one, paged from the worker: the page never lists the selection', async () => {
    const { api, ids } = await libraryOf(2100);
    const byName = (await api.post<{ ids: string[] }>('/item/ids', { orderBy: 'NAME' })).ids;
    const asked: string[] = [];
    const port = { get: api.get.bind(api), post: (path: string, body?: unknown) => (asked.push(path), api.post(path, body as never)) } as never;
    // A listing the page holds no id of: a range needs none.
    const source = { total: ids.length, listingParams: { orderBy: 'NAME' }, idAt: () => undefined, indexOfLoaded: () => -1, orderSettled: async () => {}, ids: async () => Promise.reject(new Error('no ids in the page')) };
    const selection = new SelectionStore(source, (body) => api.post('/item/select', body));
    await selection.selectAll();
    await selection.click(5, byName[5]!, { toggle: true });
    expect(selection.count).toBe(2099);
    expect(selection.explicitIds).toBeNull();
    const selected = await selectionIds(port, selection);
    expect(selected.total).toBe(2099);
    const summary = await summariseSelection(api, selected);
    expect(summary).toMatchObject({ total: 2099, tags: [{ name: 'third', count: 700, all: false }] });
    const result = await runBulk(api, await selectionIds(port, selection), { kind: 'addTag', tag: 'all' });
    expect(result).toMatchObject({ done: 2099, total: 2099, changed: 2099 });
    expect((await api.post<Page<Item>>('/item/get', { tags: ['all'], limit: 1 })).total).toBe(2099);
    expect((await api.post<Page<Item>>('/item/get', { ids: [byName[5]], fields: ['tags'] })).data[0]!.tags).not.toContain('all');
    // The ids came from item/selection a run at a time; item/ids was never asked.
    expect(asked.filter((path) => path === '/item/selection').length).toBe(2 * 3);
    expect(asked).not.toContain('/item/ids');
  }, 60_000);
});
