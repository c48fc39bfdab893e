// Defect 7 of issue 12: smart-folder imageCount is kept in IndexedDB with exact invalidation, so no
// call pays for every smart folder, and every count stays what a full evaluation says.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../src/core/http/pagination';
import * as match from '../../../src/core/smart-folders/match';
import type { SmartFolderView } from '../../../src/core/smart-folders/smart-folder-view';
import { call, makeApi, newLibrary } from '../helpers';

/** Every full evaluation of one smart folder goes through SmartFolderMatcher's compute. */
const evaluations = vi.spyOn(match.SmartFolderMatcher.prototype as unknown as { compute: () => Promise<string[]> }, 'compute');

const DAY = 24 * 3600 * 1000;
const rule = (property: string, method: string, value?: unknown) => ({ property, method, ...(value === undefined ? {} : { value }) });
const group = (...rules: object[]) => ({ match: 'AND', boolean: 'TRUE', rules });

/** A heavy smart folder: 30 groups of 30 rules, every one true of any item named "cat …". */
const heavy = () => Array.from({ length: 30 }, () => ({ match: 'OR', boolean: 'TRUE', rules: Array.from({ length: 30 }, () => rule('name', 'contain', 'cat')) }));

let now = new Date(2026, 5, 10, 12).getTime();
const namespace = `counts-${process.pid}-${Math.random().toString(36).slice(2)}`;

async function setup() {
  const api = makeApi({ namespace, clock: () => now });
  const library = await newLibrary(api);
  const post = <T = unknown>(path: string, body: Record<string, unknown>) => call<T>(api, 'POST', path, body, { library });
  const get = <T = unknown>(path: string, query: Record<string, unknown> = {}) => call<T>(api, 'GET', path, query, { library });
  const counts = async () => {
    const walk = (views: SmartFolderView[]): SmartFolderView[] => views.flatMap((v) => [v, ...walk(v.children)]);
    const info = await get<{ smartFolders: SmartFolderView[] }>('/library/info');
    return Object.fromEntries(walk(info.data.smartFolders).map((v) => [v.name, v.imageCount]));
  };
  /** What each smart folder holds by a full evaluation: the items getItems lists (its `total` may be the kept count). */
  const truth = async () => {
    const listed = (await get<Page<SmartFolderView>>('/smartFolder/get', { limit: 1000 })).data.data;
    const out: Record<string, number> = {};
    for (const view of listed) out[view.name] = (await get<Page<unknown>>('/smartFolder/getItems', { smartFolderId: view.id, limit: 1000 })).data.data.length;
    return out;
  };
  return { api, library, post, get, counts, truth };
}

beforeEach(() => {
  evaluations.mockClear();
});

describe('smart-folder imageCount', () => {
  it('is not recomputed for every smart folder on each call', async () => {
    const { post, get, counts } = await setup();
    await post('/item/add', { items: [{ bookmarkURL: 'https://a.example/', name: 'cat one' }, { bookmarkURL: 'https://b.example/', name: 'dog' }] });
    await post('/smartFolder/create', { name: 'Heavy', conditions: heavy() });
    await post('/smartFolder/create', { name: 'Dogs', conditions: [group(rule('name', 'contain', 'dog'))] });
    expect(await counts()).toEqual({ Heavy: 1, Dogs: 1 });
    evaluations.mockClear();
    await get('/smartFolder/get');
    await get('/library/info');
    await post('/smartFolder/create', { name: 'Birds', conditions: [group(rule('name', 'contain', 'bird'))] });
    await get('/smartFolder/get');
    // Only the new folder was evaluated, once.
    expect(evaluations).toHaveBeenCalledTimes(1);
    // Writes to items keep the counts without evaluating any folder in full.
    await post('/item/add', { bookmarkURL: 'https://c.example/', name: 'cat two' });
    expect(await counts()).toEqual({ Heavy: 2, Dogs: 1, Birds: 0 });
    expect(evaluations).toHaveBeenCalledTimes(1);
  });

  it('stays exact through item, comment, folder, tag and smart-folder changes, and a restarted worker', async () => {
    const { api, library, post, get, counts, truth } = await setup();
    const folder = (await post<{ id: string }>('/folder/create', { name: 'Pets' })).data.id;
    const add = async (body: Record<string, unknown>) => (await post<{ id: string }>('/item/add', { bookmarkURL: 'https://x.example/', ...body })).data.id;
    const a = await add({ name: 'cat a', tags: ['cat'], folders: [folder] });
    const b = await add({ name: 'dog b', tags: ['dog'], star: 3 });
    const c = await add({ name: 'cat c', tags: ['cat', 'dog'] });
    const parent = (await post<{ id: string }>('/smartFolder/create', { name: 'Tagged cat', conditions: [group(rule('tags', 'union', ['cat']))] })).data.id;
    await post('/smartFolder/create', { name: 'Child: starred', parent, conditions: [group(rule('rating', 'contain', ['3', '4']))] });
    await post('/smartFolder/create', { name: 'In Pets', conditions: [group(rule('folderName', 'contain', 'pets'))] });
    await post('/smartFolder/create', { name: 'Commented', conditions: [group(rule('comments', 'contain', 'nice'))] });
    await post('/smartFolder/create', { name: 'Today', conditions: [group(rule('createTime', 'within', [1]))] });
    await post('/smartFolder/create', { name: 'Not dog', conditions: [{ match: 'AND', boolean: 'FALSE', rules: [rule('tags', 'union', ['dog'])] }] });
    type MergeAnswer = { previous: object; trashed: string[]; copiedComments: string[] };
    let merged: { data: MergeAnswer } | undefined;
    const steps: [string, () => Promise<unknown>][] = [
      ['star c', () => post('/item/update', { id: c, star: 4 })],
      ['trash a', () => post('/item/update', { id: a, isDeleted: true })],
      ['restore a', () => post('/item/update', { id: a, isDeleted: false })],
      ['comment b', () => post('/item/addComment', { id: b, annotation: 'very nice', duration: 1 })],
      ['rename folder', () => post('/folder/update', { id: folder, name: 'Animals' })],
      ['move b into the folder', () => post('/item/update', { id: b, folders: [folder] })],
      ['rename folder back', () => post('/folder/update', { id: folder, name: 'Pets' })],
      ['rename tag', () => post('/tag/update', { originalName: 'cat', name: 'kitty' })],
      ['merge tags', () => post('/tag/merge', { source: 'dog', target: 'kitty' })],
      ['retag a', () => post('/item/update', { id: a, tags: ['dog'] })],
      ['move the child to the root', async () => {
        const child = (await get<Page<SmartFolderView>>('/smartFolder/get', { limit: 1000 })).data.data.find((v) => v.name.startsWith('Child'))!;
        return post('/smartFolder/update', { id: child.id, parent: null });
      }],
      ['next day', async () => { now += DAY; }],
      ['add one the next day', () => add({ name: 'late', tags: ['dog'] })],
      // Its items lose the folder, and with it the name "In Pets" reads.
      ['remove the folder', () => post('/folder/remove', { folderId: folder })],
      // b's comment is copied onto c, which "Commented" then holds (and b, trashed, no longer).
      ['merge b into c', async () => (merged = await post<MergeAnswer>('/item/mergeDuplicates', { keep: c, others: [b] }))],
      // The copy leaves c, b comes back with its own: "Commented" holds b again.
      ['undo the merge', () => post('/item/unmergeDuplicates', { keep: c, previous: merged!.data.previous, trashed: merged!.data.trashed, copiedComments: merged!.data.copiedComments })],
      ['merge b into c again', () => post('/item/mergeDuplicates', { keep: c, others: [b] })],
      ['remove a smart folder', () => post('/smartFolder/remove', { id: parent })],
    ];
    for (const [name, step] of steps) {
      const answer = (await step()) as { httpStatus?: number } | undefined;
      if (answer?.httpStatus !== undefined) expect(answer.httpStatus, name).toBe(200);
      expect(await counts(), name).toEqual(await truth());
    }
    // A restarted worker (a new core on the same databases) reads the kept counts.
    api.close();
    const restarted = makeApi({ namespace, clock: () => now });
    evaluations.mockClear();
    const info = await call<{ smartFolders: SmartFolderView[] }>(restarted, 'GET', '/library/info', {}, { library });
    expect(info.data.smartFolders.length).toBe(5);
    expect(evaluations).not.toHaveBeenCalled();
  });

  it('recounts a "within" folder when the day changes', async () => {
    const { post, counts } = await setup();
    await post('/item/add', { bookmarkURL: 'https://x.example/' });
    await post('/smartFolder/create', { name: 'Today', conditions: [group(rule('createTime', 'within', [1]))] });
    expect(await counts()).toEqual({ Today: 1 });
    now += DAY;
    expect(await counts()).toEqual({ Today: 0 });
  });
});
