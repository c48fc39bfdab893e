// A window of a listing in import order is walked to along its index, past the trashed keys before
// it (src/core/listing/scan-window.ts), for item/ids and for item/get's later pages. Over random
// trash, filters, orders, offsets and limits, every window is the stretch of the listing a person
// would count out by hand from the order the items were added in.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

interface Ids {
  ids: string[];
  total: number;
}

const COUNT = 30;
const api = makeApi();
let library = '';
/** Ids in the order they were added; item i carries tag `t${i % 3}` when i % 4 is not 0 (else no tag). */
const added: string[] = [];
const tagsOf = (i: number) => (i % 4 === 0 ? [] : [`t${i % 3}`]);

beforeAll(async () => {
  library = await newLibrary(api);
  for (let i = 0; i < COUNT; i++) {
    const answer = await call<{ id: string }>(api, 'POST', '/item/add', { name: `n${i}`, bookmarkURL: `https://example.com/${i}`, tags: tagsOf(i) }, { library });
    added.push(answer.data.id);
  }
});

const trashed = new Set<number>();

/** Moves items in and out of the trash until exactly `wanted` are in it. */
async function trashExactly(wanted: Set<number>): Promise<void> {
  for (let i = 0; i < COUNT; i++) {
    if (wanted.has(i) === trashed.has(i)) continue;
    const answer = await call(api, 'POST', '/item/update', { id: added[i], isDeleted: wanted.has(i) }, { library });
    expect(answer.httpStatus).toBe(200);
    if (wanted.has(i)) trashed.add(i);
    else trashed.delete(i);
  }
}

const FILTERS: [string, Record<string, unknown>, (i: number) => boolean][] = [
  ['every item', {}, () => true],
  ['a tag', { tags: ['t1'] }, (i) => tagsOf(i).includes('t1')],
  ['untagged', { isUntagged: true }, (i) => tagsOf(i).length === 0],
];

describe('a window of a listing in import order', () => {
  it('is the stretch counted out from the order of adding, past any trash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...Array(COUNT).keys()]),
        fc.constantFrom(...FILTERS),
        fc.boolean(),
        fc.nat({ max: COUNT + 2 }),
        fc.integer({ min: 1, max: COUNT + 2 }),
        async (trash, [, filter, keeps], descending, offset, limit) => {
          await trashExactly(new Set(trash));
          const listing = added.filter((_, i) => keeps(i) && !trashed.has(i));
          if (descending) listing.reverse();
          const orderBy = descending ? '-IMPORT' : 'IMPORT';
          const ids = await call<Ids>(api, 'POST', '/item/ids', { ...filter, orderBy, offset, limit }, { library });
          expect(ids.httpStatus).toBe(200);
          expect(ids.data.ids).toEqual(listing.slice(offset, offset + limit));
          expect(ids.data.total).toBe(listing.length);
          const page = await call<{ data: { id: string }[]; total: number }>(api, 'POST', '/item/get', { ...filter, orderBy, offset, limit }, { library });
          expect(page.data.data.map((item) => item.id)).toEqual(listing.slice(offset, offset + limit));
          expect(page.data.total).toBe(listing.length);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('lists the trash itself the same way', async () => {
    await trashExactly(new Set([0, 5, 6, 17, 29]));
    const ids = await call<Ids>(api, 'POST', '/item/ids', { isDeleted: true, orderBy: '-IMPORT', offset: 1, limit: 3 }, { library });
    expect(ids.data).toMatchObject({ ids: [added[17], added[6], added[5]], total: 5 });
  });
});
