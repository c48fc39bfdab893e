/** item/select tells every open page (the embed element's select event), with the library and the ids. */
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../src/core';
import { call, makeApi, newLibrary } from './helpers';
import { pngBase64 } from './fixtures/images';

describe('selection notice', () => {
  it('announces a selection with the library path and the ids, once each', async () => {
    const notices: Notice[] = [];
    const api = makeApi({ notify: (notice) => notices.push(notice) });
    const library = await newLibrary(api);
    const add = await call<{ ids: string[] }>(api, 'POST', '/item/add', { items: [{ base64: await pngBase64(2, 2) }, { base64: await pngBase64(3, 3) }] }, { library });
    const [first, second] = add.data.ids as [string, string];
    expect((await call(api, 'POST', '/item/select', { ids: [second, first, second] }, { library })).httpStatus).toBe(200);
    expect(notices.filter((notice) => notice.type === 'selection-changed')).toEqual([{ type: 'selection-changed', path: library, ids: [second, first] }]);
  });

  it('announces nothing when the selection names an unknown item', async () => {
    const notices: Notice[] = [];
    const api = makeApi({ notify: (notice) => notices.push(notice) });
    const library = await newLibrary(api);
    expect((await call(api, 'POST', '/item/select', { ids: ['NOPE'] }, { library })).httpStatus).toBe(404);
    expect(notices.filter((notice) => notice.type === 'selection-changed')).toEqual([]);
  });
});
