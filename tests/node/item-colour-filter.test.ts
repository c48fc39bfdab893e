// item/get's `color` filter (ours): items whose palette holds a colour near the one asked for, as a
// smart folder's colour `similar` rule; item/ids and item/query take it too. Bad colours are a 400 naming `color`.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';
import type { Palette } from '../../src/core/storage/rows';
import { openLibrary, storeItem } from './fixtures/media';

const api = makeApi();
let library = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  library = await newLibrary(api);
  const open = await openLibrary(api, library);
  const palettes: Record<string, Palette[]> = {
    'poppy field': [{ color: [200, 20, 30], ratio: 60 }, { color: [40, 140, 40], ratio: 40 }],
    'deep sea': [{ color: [10, 40, 160], ratio: 90 }, { color: [230, 230, 230], ratio: 10 }],
    'a speck of red': [{ color: [120, 120, 120], ratio: 98 }, { color: [220, 0, 0], ratio: 2 }],
    'no palette yet': [],
  };
  for (const [name, palette] of Object.entries(palettes)) ids[name] = (await storeItem(open, { name, palettes: palette })).id;
});

const names = (data: { name: string }[]) => data.map((item) => item.name).sort();

describe('item/get color', () => {
  it.each([
    ['#ff0000', ['poppy field']],
    ['#c81e1e', ['poppy field']],
    ['1a3399', ['deep sea']],
    ['#2a8c2a', ['poppy field']],
    ['#ffff00', []],
  ])('%s keeps the items with that colour in their palette (a share of 5 %% or more)', async (color, expected) => {
    const answer = await call<{ data: { name: string }[]; total: number }>(api, 'POST', '/item/get', { color }, { library });
    expect(answer.httpStatus).toBe(200);
    expect(names(answer.data.data)).toEqual(expected);
    expect(answer.data.total).toBe(expected.length);
  });

  it('combines with item/ids and item/query like every filter', async () => {
    const listed = await call<{ ids: string[]; total: number }>(api, 'POST', '/item/ids', { color: '#0000ff' }, { library });
    expect(listed.data).toMatchObject({ ids: [ids['deep sea']], total: 1 });
    const searched = await call<{ data: { name: string }[] }>(api, 'POST', '/item/query', { query: 'field', color: '#ff0000' }, { library });
    expect(names(searched.data.data)).toEqual(['poppy field']);
    const none = await call<{ data: { name: string }[] }>(api, 'POST', '/item/query', { query: 'sea', color: '#ff0000' }, { library });
    expect(none.data.data).toEqual([]);
  });

  it.each(['red', '#12345', '', '#gggggg'])('%j is a 400 naming color', async (color) => {
    const answer = await call(api, 'POST', '/item/get', { color }, { library });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', message: expect.stringContaining('color') });
  });
});
