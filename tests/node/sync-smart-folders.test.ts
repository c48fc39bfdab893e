/**
 * Smart folders through sync (a real pouchdb-server on loopback, ../sync/couch-server.ts; two cores
 * stand for two devices): a rule or a place that a sync changes must change the counts a device
 * kept (count-store.ts), and moves merged from both devices must not hide folders in a loop.
 */
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { converge, get, makeDevice as makeApi, post, useCouchServer } from './fixtures/sync-devices';

const { newDatabase } = useCouchServer('smart');

/** Two devices on one new server database, `a`'s library already on `b`. */
async function pair(): Promise<[Api, Api]> {
  const [a, b] = [makeApi(), makeApi()];
  const url = newDatabase();
  await post(a, '/sync/start', { url });
  await post(b, '/sync/start', { url });
  return [a, b];
}

interface View {
  id: string;
  parent: string | null;
  imageCount: number;
}

/** Every smart folder the device lists (depth-first), and how many smartFolder/get says there are. */
const listed = (api: Api) => get<{ data: View[]; total: number }>(api, '/smartFolder/get', { limit: 1000 });
const countOf = async (api: Api, id: string) => (await listed(api)).data.find((view) => view.id === id)?.imageCount;
const itemsIn = (api: Api, id: string) => get<{ data: { id: string }[]; total: number }>(api, '/smartFolder/getItems', { smartFolderId: id, limit: 1000 });

const rule = (property: string, method: string, value: unknown) => [{ rules: [{ property, method, value }], match: 'AND', boolean: 'TRUE' }];
const bookmark = (name: string, extra: Record<string, unknown> = {}) => ({ name, bookmarkURL: `https://example.com/${name}`, ...extra });
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('sync: smart folders', () => {
  it('counts a smart folder again on a device after its rule changed on the other one', async () => {
    const [a, b] = await pair();
    await post(a, '/item/add', bookmark('page'));
    const smart = await post<{ id: string }>(a, '/smartFolder/create', { name: 'S', conditions: rule('type', 'equal', 'url') });
    await converge(a, b);
    expect(await countOf(b, smart.id), 'B keeps the count of the old rule').toBe(1);

    await post(a, '/smartFolder/update', { id: smart.id, conditions: rule('type', 'equal', 'png') });
    await converge(a, b);
    expect(await countOf(b, smart.id)).toBe(0);
    expect(await itemsIn(b, smart.id)).toMatchObject({ data: [], total: 0 });

    // Later item changes move the count by the new rule from the right number.
    await post(a, '/item/add', { name: 'pic', base64: PNG_1PX, ext: 'png' });
    await converge(a, b);
    for (const device of [a, b]) {
      expect(await countOf(device, smart.id)).toBe(1);
      const items = await itemsIn(device, smart.id);
      expect(items.total).toBe(items.data.length);
      expect(items.total).toBe(1);
    }
  }, 120_000);

  it('counts the children of a smart folder again after a sync moved it under another', async () => {
    const [a, b] = await pair();
    const tagged = { tags: ['x'] };
    await post(a, '/item/add', { items: [bookmark('one', tagged), bookmark('two', tagged), { name: 'pic', base64: PNG_1PX, ext: 'png', ...tagged }] });
    const pngs = await post<{ id: string }>(a, '/smartFolder/create', { name: 'PNGs', conditions: rule('type', 'equal', 'png') });
    const moved = await post<{ id: string }>(a, '/smartFolder/create', { name: 'X', conditions: rule('tags', 'union', ['x']) });
    const child = await post<{ id: string }>(a, '/smartFolder/create', { name: 'X again', parent: moved.id, conditions: rule('tags', 'union', ['x']) });
    await converge(a, b);
    expect(await countOf(b, child.id), 'B keeps the count of the child in its old place').toBe(3);

    // A child's rules hold within its parent's: under PNGs, the child holds the picture alone.
    await post(a, '/smartFolder/update', { id: moved.id, parent: pngs.id });
    await converge(a, b);
    for (const id of [child.id, moved.id]) {
      expect(await countOf(b, id)).toBe(1);
      expect(await itemsIn(b, id)).toMatchObject({ total: 1, data: [expect.anything()] });
    }
  }, 120_000);

  it('counts a smart folder again when a sync removed the folder it was made in', async () => {
    const [a, b] = await pair();
    const tagged = { tags: ['x'] };
    await post(a, '/item/add', { items: [bookmark('page', tagged), { name: 'pic', base64: PNG_1PX, ext: 'png', ...tagged }] });
    const pngs = await post<{ id: string }>(a, '/smartFolder/create', { name: 'PNGs', conditions: rule('type', 'equal', 'png') });
    await converge(a, b);
    const child = await post<{ id: string }>(b, '/smartFolder/create', { name: 'X', parent: pngs.id, conditions: rule('tags', 'union', ['x']) });
    expect(await countOf(b, child.id), 'B keeps the count of the child within PNGs').toBe(1);

    // A removes PNGs before it learns of the child; the child, new, outlives it at the root.
    await post(a, '/smartFolder/remove', { id: pngs.id });
    await converge(a, b);
    for (const device of [a, b]) {
      expect((await listed(device)).data.map(({ id, parent }) => ({ id, parent }))).toEqual([{ id: child.id, parent: pngs.id }]);
      expect(await countOf(device, child.id)).toBe(2);
      expect(await itemsIn(device, child.id)).toMatchObject({ total: 2 });
    }
  }, 120_000);

  it('breaks a loop of smart folders moved under each other on two devices, and both stay listed', async () => {
    const [a, b] = await pair();
    await post(a, '/item/add', { items: [bookmark('page'), { name: 'pic', base64: PNG_1PX, ext: 'png' }] });
    const one = await post<{ id: string }>(a, '/smartFolder/create', { name: 'One', conditions: rule('type', 'equal', 'url') });
    const two = await post<{ id: string }>(a, '/smartFolder/create', { name: 'Two', conditions: rule('type', 'equal', 'png') });
    await converge(a, b);
    for (const device of [a, b]) expect((await listed(device)).data.map((view) => view.imageCount)).toEqual([1, 1]);

    await post(a, '/smartFolder/update', { id: one.id, parent: two.id });
    await sleep(5);
    await post(b, '/smartFolder/update', { id: two.id, parent: one.id });
    await converge(a, b);

    for (const device of [a, b]) {
      const { data, total } = await listed(device);
      expect(total).toBe(2);
      // Two moved last: the loop is broken by moving it to the root, One stays under it (no page is a png).
      expect(data.map(({ id, parent, imageCount }) => ({ id, parent, imageCount }))).toEqual([
        { id: two.id, parent: null, imageCount: 1 },
        { id: one.id, parent: two.id, imageCount: 0 },
      ]);
      const info = await get<{ smartFolders: unknown[] }>(device, '/library/info');
      expect(info.smartFolders).toEqual([expect.objectContaining({ id: two.id, children: [expect.objectContaining({ id: one.id })] })]);
    }
  }, 120_000);
});
