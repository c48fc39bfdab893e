// item/get in import order, named or not, either way: the page reader walks the filter's index in
// pk order and stops after the page (src/core/items/item-list.service.ts). Every page of every walk,
// past trashed items and within a tag, against the order the items were added in.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

interface Page {
  data: { id: string }[];
  total: number;
}

const api = makeApi();
let library = '';
/** Ids in the order they were added; odd ones carry the tag `odd`; 3, 4 and 9 are trashed. */
const added: string[] = [];
const TRASHED = new Set([3, 4, 9]);

beforeAll(async () => {
  library = await newLibrary(api);
  for (let i = 0; i < 12; i++) {
    const answer = await call<{ id: string }>(api, 'POST', '/item/add', { name: `n${i}`, bookmarkURL: `https://example.com/${i}`, tags: i % 2 ? ['odd'] : [] }, { library });
    added.push(answer.data.id);
  }
  for (const i of TRASHED) expect((await call(api, 'POST', '/item/update', { id: added[i], isDeleted: true }, { library })).httpStatus).toBe(200);
});

/** Every page of `limit` items, concatenated, and the totals the pages gave. */
async function walk(input: Record<string, unknown>, limit: number): Promise<{ ids: string[]; totals: Set<number> }> {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += limit) {
    const page = await call<Page>(api, 'POST', '/item/get', { ...input, offset, limit }, { library });
    expect(page.httpStatus).toBe(200);
    totals.add(page.data.total);
    ids.push(...page.data.data.map((item) => item.id));
    if (page.data.data.length < limit) return { ids, totals };
  }
}

describe('item/get in import order', () => {
  const live = (keep: (i: number) => boolean) => added.filter((_, i) => keep(i));
  it.each<[string, Record<string, unknown>, () => string[]]>([
    ['newest first by default', {}, () => live((i) => !TRASHED.has(i)).reverse()],
    ['newest first, named', { orderBy: '-IMPORT' }, () => live((i) => !TRASHED.has(i)).reverse()],
    ['oldest first', { orderBy: 'IMPORT' }, () => live((i) => !TRASHED.has(i))],
    ['a tag, newest first', { tags: ['odd'], orderBy: '-IMPORT' }, () => live((i) => i % 2 === 1 && !TRASHED.has(i)).reverse()],
    ['a tag, oldest first', { tags: ['odd'], orderBy: 'IMPORT' }, () => live((i) => i % 2 === 1 && !TRASHED.has(i))],
    ['the trash, oldest first', { isDeleted: true, orderBy: 'IMPORT' }, () => live((i) => TRASHED.has(i))],
  ])('%s, page by page', async (_name, input, expected) => {
    for (const limit of [1, 2, 4, 50]) {
      const { ids, totals } = await walk(input, limit);
      expect(ids).toEqual(expected());
      expect([...totals]).toEqual([expected().length]);
    }
  });
});
