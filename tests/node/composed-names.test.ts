// Names stored decomposed (macOS gives file names as "e" then a combining acute) are found by text
// typed composed, and the other way round: keyword and annotation filters (URLs are stored percent-encoded), smart-folder name
// rules (the nameKey index and the row test) and tag names fold both sides composed
// (src/core/listing/fold-text.ts). A library made before that gets its folded names again (version 13).
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/core';
import { LIBRARY_VERSION } from '../../src/core/storage/library-db';
import { STORES_WITH_TERMS_TABLE } from './fixtures/before-terms-in-rows';
import { makeItemRow } from './fixtures/item-rows';
import { call, makeApi, newLibrary } from './helpers';

const DECOMPOSED = 'Cafe\u0301 in Ko\u0308ln';
const COMPOSED = 'Caf\u00e9 in K\u00f6ln';

async function libraryWith(api = makeApi()) {
  const library = await newLibrary(api);
  const post = async <T>(path: string, body: Record<string, unknown>) => {
    const answer = await call<T>(api, 'POST', path, body, { library });
    expect(answer.httpStatus, JSON.stringify(answer)).toBe(200);
    return answer.data;
  };
  const names = async (body: Record<string, unknown>) => (await post<{ data: { name: string }[] }>('/item/get', body)).data.map((item) => item.name).sort();
  return { api, library, post, names };
}

const nameRule = (method: string, value: string) => [{ rules: [{ property: 'name', method, value }], match: 'AND', boolean: 'TRUE' }];

describe('names stored decomposed', () => {
  it('are found by keywords and annotation typed composed, and composed ones by decomposed text', async () => {
    const { post, names } = await libraryWith();
    await post('/item/add', { items: [
      { name: DECOMPOSED, bookmarkURL: 'https://example.com/cafe', annotation: 'cre\u0300me bru\u0302le\u0301e' },
      { name: 'Plain', bookmarkURL: 'https://example.com/plain' },
      { name: 'Ni\u00f1o', bookmarkURL: 'https://example.com/nino' },
    ] });
    expect(await names({ keywords: ['caf\u00e9'] })).toEqual([DECOMPOSED]);
    expect(await names({ keywords: ['CAF\u00c9', 'k\u00f6ln'] })).toEqual([DECOMPOSED]);
    expect(await names({ keywords: ['nin\u0303o'] })).toEqual(['Ni\u00f1o']);
    expect(await names({ annotation: 'cr\u00e8me br\u00fbl\u00e9e' })).toEqual([DECOMPOSED]);
  });

  it('are matched by smart-folder name rules typed composed, from the index (equal, starts with) and the rows (contains, ends with)', async () => {
    const { post } = await libraryWith();
    await post('/item/add', { items: [{ name: DECOMPOSED, bookmarkURL: 'https://example.com/a' }, { name: 'Cafe', bookmarkURL: 'https://example.com/b' }] });
    for (const [method, value] of [['equal', COMPOSED.toUpperCase()], ['startWith', 'caf\u00e9'], ['contain', 'k\u00f6l'], ['endWith', 'K\u00d6LN']]) {
      const { id } = await post<{ id: string }>('/smartFolder/create', { name: `${method} rule`, conditions: nameRule(method!, value!) });
      const items = await post<{ data: { name: string }[] }>('/smartFolder/getItems', { smartFolderId: id });
      expect(items.data.map((item) => item.name), method).toEqual([DECOMPOSED]);
    }
  });

  it('finds a tag named decomposed by its composed name', async () => {
    const { post } = await libraryWith();
    await post('/item/add', { name: 'a', bookmarkURL: 'https://example.com/a', tags: ['re\u0301sume\u0301', 'other'] });
    const tags = await post<{ data: { name: string }[] }>('/tag/get', { name: 'R\u00c9SUM\u00c9' });
    expect(tags.data.map((tag) => tag.name)).toEqual(['re\u0301sume\u0301']);
  });

  it('in a library made before version 13 get their folded names again, and keywords find them', async () => {
    const namespace = `composed-names-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const api = createApi({ namespace });
    const library = await newLibrary(api);
    // The library's database as version 8 left it, its names folded as they were: lower-cased only.
    const old = new Dexie(`${namespace}/library${library}`);
    old.version(8).stores(STORES_WITH_TERMS_TABLE);
    const rows = [makeItemRow({ id: 'OLD1', name: DECOMPOSED }), makeItemRow({ id: 'OLD2', name: 'Plain' })];
    await old.table('items').bulkAdd(rows.map(({ search: _, ...row }) => ({ ...row, nameKey: row.name.toLocaleLowerCase() })));
    await old.table('terms').bulkAdd(rows.map((row) => ({ pk: row.pk, terms: [], text: '' })));
    // A kept count of a smart folder whose name rule now matches more.
    await old.table('smartFolderCounts').add({ id: 'SF1', count: 0 });
    old.close();

    const found = await call<{ data: { name: string }[] }>(api, 'POST', '/item/get', { keywords: ['caf\u00e9'] }, { library });
    expect(found.data.data.map((item) => item.name)).toEqual([DECOMPOSED]);
    api.close();
    const upgraded = new Dexie(`${namespace}/library${library}`);
    await upgraded.open();
    const keys = new Map((await upgraded.table('items').toArray()).map((row) => [row.id, row.nameKey]));
    expect(await upgraded.table('smartFolderCounts').count()).toBe(0);
    expect(upgraded.verno).toBe(LIBRARY_VERSION);
    upgraded.close();
    expect(keys).toEqual(new Map([['OLD1', 'caf\u00e9 in k\u00f6ln'], ['OLD2', 'plain']]));
  });
});
