import { beforeAll, describe, expect, it } from 'vitest';
import { makeItemRow } from './fixtures/item-rows';
import { commentRow, folderRow, namesFound, openTestLibrary, putFolders, putItems, query, type TestLibrary } from './fixtures/search-library';
import { writeTransaction } from '../../src/core/storage/write';

const ITEMS = [
  makeItemRow({ name: 'Red car in the city', tags: ['Vehicle'], annotation: 'parked near the café' }),
  makeItemRow({ name: 'car red' }),
  makeItemRow({ name: 'Cafe Menu', ext: 'pdf' }),
  makeItemRow({ name: '黑猫图片' }),
  makeItemRow({ name: 'T-Shirt design', tags: ['clothing'] }),
  makeItemRow({ name: 'JavaScript tutorial', url: 'https://example.com/js/intro' }),
  makeItemRow({ name: 'Blue cats', tags: ['animals'], folders: ['F1'] }),
  makeItemRow({ name: 'Red trash', isDeleted: true }),
  makeItemRow({ name: 'Category list', annotation: 'or else' }),
  makeItemRow({ id: 'DOGITEM', name: 'dog' }),
  makeItemRow({ name: 'Carpet' }),
];
const LIVE = ITEMS.filter((item) => !item.isDeleted).map((item) => item.name).sort();

describe('item/query', () => {
  let lib: TestLibrary;

  beforeAll(async () => {
    lib = await openTestLibrary();
    await putFolders(lib, [folderRow('F1', 'Summer Trip')]);
    await writeTransaction(lib.library, 1, () => lib.library.db.comments.put(commentRow('C1', 'DOGITEM', 'Barking loudly')));
    await putItems(lib, ITEMS);
  });

  it.each<[string, string, string[]]>([
    ['one word, any case, not the trash', 'RED', ['Red car in the city', 'car red']],
    ['AND in any order', 'red car', ['Red car in the city', 'car red']],
    ['exact phrase keeps the order', '"red car"', ['Red car in the city']],
    ['exact phrase, other order', '"car red"', ['car red']],
    ['quoted word is a whole word', '"cat"', []],
    ['diacritics folded in the query', 'café', ['Cafe Menu', 'Red car in the city']],
    ['diacritics folded in the text', 'cafe', ['Cafe Menu', 'Red car in the city']],
    ['upper-case diacritics', 'CAFÉ', ['Cafe Menu', 'Red car in the city']],
    ['prefix match', 'cat', ['Blue cats', 'Category list']],
    ['prefix match (car)', 'car', ['Carpet', 'Red car in the city', 'car red']],
    ['negation', 'car -carpet', ['Red car in the city', 'car red']],
    ['pure negation', '-car', LIVE.filter((name) => !/\bcar/i.test(name))],
    ['OR', 'red OR blue', ['Blue cats', 'Red car in the city', 'car red']],
    ['||', 'red || blue', ['Blue cats', 'Red car in the city', 'car red']],
    ['AND before OR', 'red car OR blue', ['Blue cats', 'Red car in the city', 'car red']],
    ['grouping', '(red OR blue) car', ['Red car in the city', 'car red']],
    ['negated phrase', 'red -"red car"', ['car red']],
    ['t-shirt is one term', 't-shirt', ['T-Shirt design']],
    ['part of a hyphenated word', 'shirt', ['T-Shirt design']],
    ['camelCase whole', 'javascript', ['JavaScript tutorial']],
    ['camelCase part', 'script', ['JavaScript tutorial']],
    ['url', 'example.com', ['JavaScript tutorial']],
    ['url path', 'intro', ['JavaScript tutorial']],
    ['ext', 'pdf', ['Cafe Menu']],
    ['tag', 'vehicle', ['Red car in the city']],
    ['annotation', 'parked', ['Red car in the city']],
    ['folder name', 'summer', ['Blue cats']],
    ['folder name phrase', '"summer trip"', ['Blue cats']],
    ['comment text', 'barking', ['dog']],
    ['CJK single character', '猫', ['黑猫图片']],
    ['CJK last character', '片', ['黑猫图片']],
    ['CJK pair', '黑猫', ['黑猫图片']],
    ['CJK substring', '猫图片', ['黑猫图片']],
    ['CJK absent pair', '白猫', []],
    ['lower-case or is a word', 'or', ['Category list']],
    ['trashed items are never found', 'trash', []],
    ['empty query lists everything not in the trash', '', LIVE],
    ['a query without letters lists everything', '!!!', LIVE],
  ])('%s: %s', async (_name, text, expected) => {
    expect(await namesFound(lib, text)).toEqual([...expected].sort());
  });

  it('answers a page, newest import first, with the exact total', async () => {
    const first = await query(lib, { query: 'red OR blue', limit: 2 });
    expect(first.httpStatus).toBe(200);
    expect(first.data).toMatchObject({ total: 3, offset: 0, limit: 2 });
    expect(first.data.data.map((item) => item.name)).toEqual(['Blue cats', 'car red']);
    const second = await query(lib, { query: 'red OR blue', offset: 2, limit: 2 });
    expect(second.data).toMatchObject({ total: 3, offset: 2, limit: 2 });
    expect(second.data.data.map((item) => item.name)).toEqual(['Red car in the city']);
  });

  it.each<[string, string[]]>([
    ['NAME', ['car red', 'Carpet', 'Red car in the city']],
    ['-NAME', ['Red car in the city', 'Carpet', 'car red']],
    ['IMPORT', ['Red car in the city', 'car red', 'Carpet']],
  ])('orders by orderBy %s', async (orderBy, names) => {
    const answer = await query(lib, { query: 'car', orderBy });
    expect(answer.data.data.map((item) => item.name)).toEqual(names);
  });

  it('answers whole items', async () => {
    const answer = await query(lib, { query: 'vehicle' });
    expect(answer.data.data).toEqual([expect.objectContaining({ name: 'Red car in the city', tags: ['Vehicle'], isDeleted: false, ext: 'png' })]);
  });

  it('defaults to offset 0, limit 50 and clamps the limit at 1000', async () => {
    expect((await query(lib, {})).data).toMatchObject({ total: LIVE.length, offset: 0, limit: 50 });
    expect((await query(lib, { limit: 5000 })).data).toMatchObject({ limit: 1000 });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['unclosed quote', { query: 'red "car' }, /query: unbalanced quote.*at character 5/],
    ['unclosed parenthesis', { query: 'a (b OR c' }, /query: unbalanced parenthesis.*at character 3/],
    ['unmatched parenthesis', { query: 'a b)' }, /query: unbalanced parenthesis.*at character 4/],
    ['dangling OR', { query: 'a OR' }, /query: "OR" needs a search term on each side.*at character 3/],
    ['query not a string', { query: 5 }, /query:/],
    ['query too long', { query: 'a '.repeat(1001) }, /query: must be at most 2000 characters/],
    ['unknown orderBy', { orderBy: 'SIZE' }, /orderBy: must be one of IMPORT, MTIME, NAME/],
    ['negative offset', { offset: -1 }, /offset:/],
    ['limit 0', { limit: 0 }, /limit:/],
  ])('400 for %s', async (_name, input, message) => {
    const answer = await query(lib, input);
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) });
  });
});
