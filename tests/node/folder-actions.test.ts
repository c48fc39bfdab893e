// Folder moves and adding/removing items from the sidebar and grid (FolderActions) against the real
// core (fake-indexeddb) through the app's ApiClient: the tree and counts follow, a move into a
// subfolder shows the API's message and changes nothing, 1,500 items cross the 1000-item batch, undo.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../loose-client';
import type { Folder, Page } from '../../src/app/api-types';
import { FolderActions, type FolderJob } from '../../src/app/folders/folder-actions';
import { ResultStore } from '../../src/app/grid/result-store';
import { listingOf } from '../../src/app/search/listing';
import { defaultViewState } from '../../src/app/search/view-state';
import { SelectionStore } from '../../src/app/selection/selection-store';
import { SidebarStore } from '../../src/app/sidebar/sidebar-store';
import { ToastStore } from '../../src/app/toasts/toast-store';
import { makeApi, newLibrary } from './helpers';

const N = 1500;
let api: ApiClient;
let ids: string[] = [];

beforeAll(async () => {
  const core = makeApi();
  const fetch = async (input: string, init?: RequestInit) => core.handle(new Request(new URL(input, 'http://localhost'), init));
  api = new ApiClient({ library: await newLibrary(core), fetch, base: '/' });
  for (let at = 0; at < N; at += 1000) {
    const items = Array.from({ length: Math.min(1000, N - at) }, (_, i) => ({ bookmarkURL: `https://e.test/${at + i}` }));
    ids.push(...(await api.post<{ ids: string[] }>('/item/add', { items })).ids);
  }
}, 60_000);

function setUp() {
  const toasts = new ToastStore(() => {});
  const sidebar = new SidebarStore(api);
  const results = new ResultStore(api);
  const selection = new SelectionStore(results, async () => {});
  const announced: string[] = [];
  const actions = new FolderActions({ api, sidebar, results, selection, toasts }, (id) => announced.push(id));
  return { actions, toasts, sidebar, results, selection, announced };
}

const folder = (name: string, parent?: string) => api.post<Folder>('/folder/create', { name, ...(parent ? { parent } : {}) });
const inFolder = async (id: string) => (await api.post<{ ids: string[] }>('/item/ids', { folders: [id] })).ids.length;

describe('FolderActions', () => {
  it('moves a folder under another and back to the top, and refuses a move into its own subfolder with the API message', async () => {
    const { actions, toasts, sidebar } = setUp();
    const a = await folder('A');
    const b = await folder('B');
    const c = await folder('C', b.id);
    expect(await actions.move(b.id, a.id)).toBe(true);
    expect(sidebar.folders.find((f) => f.id === a.id)?.children.map((f) => f.id)).toEqual([b.id]);
    expect(toasts.toasts.at(-1)?.message).toBe('Moved “B” into “A”');

    expect(await actions.move(a.id, c.id)).toBe(false);
    expect(toasts.toasts.at(-1)).toMatchObject({ kind: 'error', message: expect.stringMatching(/Field "parent".*its own descendant/) });
    expect((await api.get<Page<Folder>>('/folder/get', { id: a.id })).data[0]!.parent).toBeNull();

    expect(await actions.move(b.id, null)).toBe(true);
    expect((await api.get<Page<Folder>>('/folder/get', { id: b.id })).data[0]!.parent).toBeNull();
    expect(toasts.toasts.at(-1)?.message).toBe('Moved “B” to the top level');
    expect(await actions.rename(c.id, 'C2')).toBe(true);
    expect(sidebar.folderName(c.id)).toBe('C2');
  });

  it('adds 1,500 items in batches with progress, then removes some (not to the trash) and undoes it', async () => {
    const { actions, toasts, sidebar, results, selection, announced } = setUp();
    const target = await folder('Picked');
    const jobs: (FolderJob | null)[] = [];
    actions.subscribe(() => jobs.push(actions.job && { ...actions.job }));
    await actions.addItems(target.id, ids);
    expect(await inFolder(target.id)).toBe(N);
    expect(jobs.filter(Boolean).map((j) => j!.done)).toEqual([0, 1000, N]);
    expect(jobs.at(-1)).toBeNull();
    expect(sidebar.folders.find((f) => f.id === target.id)?.imageCount).toBe(N);
    expect(toasts.toasts.at(-1)?.message).toBe('Added 1,500 items to “Picked”');

    await results.load(listingOf({ ...defaultViewState(), view: { kind: 'folder', id: target.id } }));
    selection.click(0, ids[0]!);
    const out = ids.slice(0, 5);
    await actions.removeItems(target.id, out);
    expect(await inFolder(target.id)).toBe(N - 5);
    expect(results.total).toBe(N - 5);
    expect(selection.has(-1, ids[0]!)).toBe(false);
    expect(announced).toEqual([ids[0]]); // the inspector showed that one item: it reads it again
    expect((await api.post<Page<unknown>>('/item/get', { limit: 1 })).total).toBe(N); // still in the library
    expect(sidebar.counts.trash).toBe(0);
    const toast = toasts.toasts.at(-1)!;
    expect(toast.message).toBe('Removed 5 items from “Picked”');
    toast.action!.run();
    await expect.poll(() => inFolder(target.id)).toBe(N);
  }, 60_000);

  it('runs a change asked for while another runs after it (an Undo during a drop), not refused', async () => {
    const { actions, toasts } = setUp();
    const kept = await folder('Kept');
    const other = await folder('Other');
    await actions.addItems(kept.id, ids.slice(0, 5));
    await actions.removeItems(kept.id, ids.slice(0, 5));
    const undo = toasts.toasts.at(-1)!.action!;
    const drop = actions.addItems(other.id, ids); // 1,500 items: two batches
    await expect.poll(() => actions.job?.done, { interval: 5 }).toBe(0);
    undo.run();
    await drop;
    await expect.poll(() => inFolder(kept.id)).toBe(5);
    expect(await inFolder(other.id)).toBe(N);
    expect(toasts.toasts.filter((t) => t.kind === 'error')).toEqual([]);
    expect(toasts.toasts.at(-1)?.message).toBe('Added 5 items to “Kept”');
  }, 60_000);
});
