// Defect 2 of issue 12: strings that are not well-formed Unicode (lone surrogates) are a 400
// naming the field, and nothing malformed is ever stored.
import { describe, expect, it } from 'vitest';
import { itemView } from '../../../src/core/listing/item-view';
import { API_PREFIX } from '../../../src/core/http/router';
import { makeItemRow } from '../fixtures/item-rows';
import { call, makeApi, newLibrary } from '../helpers';

const LONE_HIGH = 'a\uD800b';
const LONE_LOW = '\uDC00';

describe('lone surrogates', () => {
  it.each([
    ['id', { id: `X${LONE_HIGH}`, bookmarkURL: 'https://example.com/' }, /^id:/],
    ['name', { name: LONE_LOW, bookmarkURL: 'https://example.com/' }, /^name:/],
    ['tags[1]', { tags: ['ok', LONE_HIGH], bookmarkURL: 'https://example.com/' }, /^tags\[1\]:/],
    ['annotation', { annotation: LONE_HIGH, bookmarkURL: 'https://example.com/' }, /^annotation:/],
  ])('item/add with a lone surrogate in %s is a 400 naming it and stores nothing', async (_field, input, message) => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answer = await call(api, 'POST', '/item/add', input, { library });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect(answer.body.message).toMatch(message);
    expect(answer.body.message).toMatch(/Unicode/);
    expect((await call(api, 'GET', '/item/countAll', {}, { library })).data).toBe(0);
  });

  it('names the item of a batch and the field', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const items = [{ bookmarkURL: 'https://a.example/' }, { bookmarkURL: 'https://b.example/', name: LONE_HIGH }];
    const answer = await call(api, 'POST', '/item/add', { items }, { library });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/^items\[1\]\.name:/);
    expect((await call(api, 'GET', '/item/countAll', {}, { library })).data).toBe(0);
  });

  it('refuses a lone surrogate in an object key too', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answer = await call(api, 'POST', '/folder/create', { name: 'f', [LONE_LOW]: 1 }, { library });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/Unicode/);
  });

  it.each([
    ['/folder/create', { name: LONE_HIGH }],
    ['/tagGroup/create', { name: 'g', tags: [LONE_LOW] }],
    ['/library/create', { name: LONE_HIGH }],
    ['/smartFolder/create', { name: LONE_HIGH, conditions: [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'name', method: 'contain', value: 'a' }] }] }],
  ])('%s refuses it as well', async (path, input) => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answer = await call(api, 'POST', path, input, { library });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/Unicode/);
  });

  it('a row that somehow holds one still has a view (URLs stay encodable)', () => {
    const view = itemView(makeItemRow({ id: `A${LONE_HIGH}`, hasFile: true }), { apiPrefix: API_PREFIX });
    expect(view.fileURL).toMatch(/^\/api\/v2\/item\/file\?id=A/);
    expect(view.thumbnailURL).toMatch(/^\/api\/v2\/item\/thumbnail\?id=A/);
  });
});
