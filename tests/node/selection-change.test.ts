/** item/select tells every open page through the change feed (/api/v2/events: the embed element's select event), with the library and the ids. */
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../src/core/events/change';
import { call, makeApi, newLibrary } from './helpers';
import { pngBase64 } from './fixtures/images';

const selections = (heard: ChangeEvent[]) => heard.filter((change) => change.kind === 'item' && change.action === 'selected');

describe('selection change', () => {
  it('announces a selection with the library path and the ids, once each', async () => {
    const api = makeApi();
    const heard: ChangeEvent[] = [];
    api.changes.subscribe((change) => heard.push(change));
    const library = await newLibrary(api);
    const add = await call<{ ids: string[] }>(api, 'POST', '/item/add', { items: [{ base64: await pngBase64(2, 2) }, { base64: await pngBase64(3, 3) }] }, { library });
    const [first, second] = add.data.ids as [string, string];
    expect((await call(api, 'POST', '/item/select', { ids: [second, first, second] }, { library })).httpStatus).toBe(200);
    expect(selections(heard)).toEqual([{ kind: 'item', action: 'selected', ids: [second, first], details: { count: 2, version: 1 }, library }]);
  });

  it('announces nothing when the selection names an unknown item', async () => {
    const api = makeApi();
    const heard: ChangeEvent[] = [];
    api.changes.subscribe((change) => heard.push(change));
    const library = await newLibrary(api);
    expect((await call(api, 'POST', '/item/select', { ids: ['NOPE'] }, { library })).httpStatus).toBe(404);
    expect(selections(heard)).toEqual([]);
  });
});
