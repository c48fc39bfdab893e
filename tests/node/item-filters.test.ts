import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

interface Page {
  data: { id: string; name: string; [key: string]: unknown }[];
  total: number;
  offset: number;
  limit: number;
}

const api = makeApi();
let library = '';
const ids: Record<string, string> = {};
const get = (input: Record<string, unknown>) => call<Page>(api, 'POST', '/item/get', input, { library });
const getQuery = (input: Record<string, unknown>) => call<Page>(api, 'GET', '/item/get', input, { library });
const names = async (input: Record<string, unknown>) => (await get(input)).data.data.map((i) => i.name).sort();

/** A bookmark with fixed dimensions is enough to exercise every filter. */
const SEED = [
  { name: 'Red Car', tags: ['car', 'red'], annotation: 'Fast one', star: 5, url: 'https://cars.example/red' },
  { name: 'Blue car', tags: ['car', 'blue'], annotation: '', star: 3, url: 'https://cars.example/blue' },
  { name: 'Cat photo', tags: ['cat'], annotation: 'sleepy CAT', star: 0, url: 'https://pets.example' },
  { name: 'Untagged thing', tags: [], annotation: '', star: 1, url: '' },
];

beforeAll(async () => {
  library = await newLibrary(api);
  for (const { url, ...seed } of SEED) {
    const bookmarkURL = `https://example.com/${seed.name.replace(/ /g, '-')}`;
    const answer = await call<{ id: string }>(api, 'POST', '/item/add', { ...seed, website: url || undefined, bookmarkURL }, { library });
    ids[seed.name] = answer.data.id;
  }
});

describe('item/get filters', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['no filter', {}, ['Blue car', 'Cat photo', 'Red Car', 'Untagged thing']],
    // A client that always sends the fields: none named is no filter, as for tags.
    ['no folder named', { folders: [] }, ['Blue car', 'Cat photo', 'Red Car', 'Untagged thing']],
    ['no smart folder named', { smartFolders: [] }, ['Blue car', 'Cat photo', 'Red Car', 'Untagged thing']],
    ['no folder and a tag', { folders: [], tags: ['car'] }, ['Blue car', 'Red Car']],
    ['one tag', { tags: ['car'] }, ['Blue car', 'Red Car']],
    ['all tags', { tags: ['car', 'red'] }, ['Red Car']],
    ['untagged', { isUntagged: true }, ['Untagged thing']],
    ['unfiled', { isUnfiled: true }, ['Blue car', 'Cat photo', 'Red Car', 'Untagged thing']],
    ['keywords (all, in name, any case)', { keywords: ['CAR', 'red'] }, ['Red Car']],
    ['ext', { ext: 'URL' }, ['Blue car', 'Cat photo', 'Red Car', 'Untagged thing']],
    ['annotation substring', { annotation: 'cat' }, ['Cat photo']],
    ['rating', { rating: 5 }, ['Red Car']],
    ['rating 0', { rating: 0 }, ['Cat photo']],
    ['url substring', { url: 'CARS.example' }, ['Blue car', 'Red Car']],
    ['combined with AND', { tags: ['car'], rating: 3 }, ['Blue car']],
    ['nothing matches', { tags: ['car'], annotation: 'sleepy' }, []],
    ['unknown tag', { tags: ['zebra'] }, []],
  ])('%s', async (_name, input, expected) => {
    expect(await names(input)).toEqual(expected);
  });

  it('filters by smart folders: OR across them, AND with the other filters', async () => {
    const smart = async (property: string, method: string, value: unknown) => {
      const conditions = [{ match: 'AND', boolean: 'TRUE', rules: [{ property, method, value }] }];
      return (await call<{ id: string }>(api, 'POST', '/smartFolder/create', { name: `${property} ${method}`, conditions }, { library })).data.id;
    };
    const cars = await smart('tags', 'union', ['car']);
    const cats = await smart('tags', 'union', ['cat']);
    expect(await names({ smartFolders: [cars] })).toEqual(['Blue car', 'Red Car']);
    expect(await names({ smartFolders: [cars, cats] })).toEqual(['Blue car', 'Cat photo', 'Red Car']);
    expect(await names({ smartFolders: [cars, cats], rating: 5 })).toEqual(['Red Car']);
    const unknown = await get({ smartFolders: ['NOPE'] });
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.body.message).toMatch(/smartFolders/);
  });

  it('answers id and ids with a paginated envelope', async () => {
    const one = await get({ id: ids['Cat photo'] });
    expect(one.data).toMatchObject({ total: 1, offset: 0, limit: 50 });
    expect(await names({ ids: [ids['Cat photo'], ids['Red Car'], 'UNKNOWN'] })).toEqual(['Cat photo', 'Red Car']);
    expect((await get({ id: 'UNKNOWN' })).data.total).toBe(0);
  });

  it('takes comma-separated GET parameters', async () => {
    const page = await getQuery({ tags: 'car,red', fields: 'name,star' });
    expect(page.data.data).toEqual([{ id: ids['Red Car'], name: 'Red Car', star: 5 }]);
    expect((await getQuery({ isUntagged: 'true' })).data.total).toBe(1);
    // `folders=` (an empty field of a GET form) is no filter either.
    expect((await getQuery({ folders: '' })).data.total).toBe(4);
  });

  it('returns only the requested fields, always with id', async () => {
    const page = await get({ tags: ['cat'], fields: ['tags'] });
    expect(page.data.data).toEqual([{ id: ids['Cat photo'], tags: ['cat'] }]);
  });

  it.each([
    [{ fields: [1] }, /fields/],
    [{ rating: 6 }, /rating/],
    [{ shape: 'round' }, /shape/],
    [{ limit: 0 }, /limit/],
    [{ offset: -5 }, /offset/],
    [{ orderBy: 'SIZE' }, /orderBy.*FILESIZE/],
  ])('refuses %j', async (input, message) => {
    const answer = await get(input);
    expect(answer.httpStatus).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(message);
  });

  it('paginates newest first with an exact total', async () => {
    const first = await get({ limit: 3 });
    expect(first.data.total).toBe(4);
    expect(first.data.data.map((i) => i.name)).toEqual(['Untagged thing', 'Cat photo', 'Blue car']);
    const rest = await get({ limit: 3, offset: 3 });
    expect(rest.data.data.map((i) => i.name)).toEqual(['Red Car']);
    const past = await get({ offset: 100 });
    expect(past.data).toMatchObject({ data: [], total: 4, offset: 100 });
    expect((await get({ limit: 5000 })).data.limit).toBe(1000);
  });

  it.each<[string, string[]]>([
    ['NAME', ['Blue car', 'Cat photo', 'Red Car', 'Untagged thing']],
    ['-RATING', ['Red Car', 'Blue car', 'Untagged thing', 'Cat photo']],
    ['IMPORT', ['Red Car', 'Blue car', 'Cat photo', 'Untagged thing']],
  ])('orders by %s', async (orderBy, expected) => {
    expect((await get({ orderBy })).data.data.map((i) => i.name)).toEqual(expected);
  });
});
