// Trashing from the grid (ItemActions) against the real core (fake-indexeddb) through the app's
// ApiClient: what the person does while the writes are under way is not undone when they finish.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../loose-client';
import { ResultStore } from '../../src/app/grid/result-store';
import { listingOf } from '../../src/app/search/listing';
import { ViewStore } from '../../src/app/search/view-store';
import { SelectionStore } from '../../src/app/selection/selection-store';
import { ItemActions } from '../../src/app/shell/item-actions';
import { SidebarStore } from '../../src/app/sidebar/sidebar-store';
import { ToastStore } from '../../src/app/toasts/toast-store';
import { makeApi, newLibrary } from './helpers';

let api: ApiClient;
/** item/update requests sent so far. */
let updateRequests = 0;

beforeAll(async () => {
  const core = makeApi();
  const fetch = async (input: string, init?: RequestInit) => {
    if (input.endsWith('/item/update')) updateRequests += 1;
    return core.handle(new Request(new URL(input, 'http://localhost'), init));
  };
  api = new ApiClient({ library: await newLibrary(core), fetch, base: '/' });
});

async function setUp() {
  const items = Array.from({ length: 20 }, (_, i) => ({ bookmarkURL: `https://e.test/${i}` }));
  await api.post('/item/add', { items });
  const view = new ViewStore({ search: '', push() {}, replace() {}, onPop() {} });
  const results = new ResultStore(api);
  await results.load(listingOf(view.state));
  const selection = new SelectionStore(results, async () => {});
  const toasts = new ToastStore(() => {});
  const stores = { api, view, results, selection, sidebar: new SidebarStore(api), toasts };
  const order = await results.ids(0, results.total);
  return { actions: new ItemActions(stores), results, selection, toasts, order };
}

describe('ItemActions.trashSelection', () => {
  it('clears the selection and puts the focus back where the trashed items were', async () => {
    const { actions, results, selection, order } = await setUp();
    await selection.click(3, order[3]!);
    await selection.click(4, order[4]!, { toggle: true });
    expect(await actions.trashSelection()).toBe(4);
    expect(selection.count).toBe(0);
    expect(selection.focus).toBe(4);
    expect(await results.ids(0, 5)).toEqual([order[0], order[1], order[2], order[5], order[6]]);
  });

  it('trashes a selection of 1,500 in batch writes', async () => {
    const { actions, selection } = await setUp();
    const before = (await api.post<{ total: number }>('/item/get', { isDeleted: true, limit: 1 })).total;
    const many = Array.from({ length: 1500 }, (_, i) => ({ bookmarkURL: `https://e.test/many/${i}` }));
    const ids: string[] = [];
    for (let at = 0; at < many.length; at += 1000) ids.push(...(await api.post<{ ids: string[] }>('/item/add', { items: many.slice(at, at + 1000) })).ids);
    // Clicked one by one (a list the page holds): the writes take it as is.
    selection.added = new Map(ids.map((id) => [id, -1]));
    const requestsBefore = updateRequests;
    await actions.trashSelection();
    expect((await api.post<{ total: number }>('/item/get', { isDeleted: true, limit: 1 })).total).toBe(before + 1500);
    expect(updateRequests - requestsBefore).toBe(2);
    // 1,500 adds and trashes on fake-indexeddb take 2.4 to 4.7 s on this 2-core machine: more than the default 5 s leaves under load.
  }, 20_000);

  it('a refused trash changes nothing, says the API message only, and keeps the selection', async () => {
    const { actions, selection, toasts, order } = await setUp();
    await selection.click(2, order[2]!);
    await selection.click(3, 'NOSUCHITEM0', { toggle: true }); // removed elsewhere meanwhile
    expect(await actions.trashSelection()).toBeUndefined();
    expect(toasts.toasts.map((toast) => [toast.kind, toast.message])).toEqual([['error', expect.stringMatching(/NOSUCHITEM0/)]]);
    expect((await api.post<{ data: { isDeleted: boolean }[] }>('/item/get', { id: order[2] })).data[0]?.isDeleted).toBe(false);
    expect(selection.explicitIds).toEqual([order[2], 'NOSUCHITEM0']);
  });

  it('keeps what the person selected while the writes were under way, and leaves the focus there', async () => {
    const { actions, selection, order } = await setUp();
    await selection.click(3, order[3]!);
    const trashing = actions.trashSelection();
    await selection.click(8, order[8]!); // before the write has answered
    expect(await trashing).toBeUndefined();
    expect(selection.explicitIds).toEqual([order[8]]);
    expect(selection.focus).toBe(8);
  });
});
