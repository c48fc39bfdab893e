// Defects 3 and 4 of issue 12: malformed percent-escapes in a source's file name, and offsets up
// to 2^53-1 on every paginated endpoint.
import { describe, expect, it, vi } from 'vitest';
import { pngBytes } from '../fixtures/images';
import { call, makeApi, newLibrary } from '../helpers';

const png = async () => new Response(await pngBytes(3, 2), { headers: { 'Content-Type': 'image/png' } });

describe('malformed percent-escapes in a source file name', () => {
  it.each([
    ['url', 'https://img.example/bad%E0%A4%A.png', 'bad%E0%A4%A'],
    ['url', 'https://img.example/100%.png', '100%'],
    ['path', '/assets/bad%ZZname.png', 'bad%ZZname'],
    ['path', '/assets/%E0%A4%A.png', '%E0%A4%A'],
  ])('%s %s keeps the name as written', async (field, source, name) => {
    const api = makeApi({ fetchSource: png });
    const library = await newLibrary(api);
    const added = await call<{ id: string }>(api, 'POST', '/item/add', { [field]: source }, { library });
    expect(added.httpStatus).toBe(200);
    const listed = await call<{ data: { name: string; ext: string }[] }>(api, 'GET', '/item/get', { id: added.data.id }, { library });
    expect(listed.data.data[0]).toMatchObject({ name, ext: 'png' });
  });

  it('still decodes well-formed escapes', async () => {
    const api = makeApi({ fetchSource: png });
    const library = await newLibrary(api);
    const added = await call<{ id: string }>(api, 'POST', '/item/add', { url: 'https://img.example/caf%C3%A9%20noir.png' }, { library });
    const listed = await call<{ data: { name: string }[] }>(api, 'GET', '/item/get', { id: added.data.id }, { library });
    expect(listed.data.data[0]!.name).toBe('café noir');
  });
});

const PAGINATED = [
  ['GET', '/item/get'], ['POST', '/item/query'], ['GET', '/folder/get'], ['GET', '/tag/get'], ['GET', '/tag/getRecentTags'],
  ['GET', '/tag/getStarredTags'], ['GET', '/tagGroup/get'], ['GET', '/library/history'], ['GET', '/smartFolder/get'],
] as const;
const CONDITIONS = [{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'type', method: 'equal', value: 'url' }] }];

describe('huge offsets', () => {
  it.each(PAGINATED.flatMap(([method, path]) => [2 ** 32, 2 ** 31, Number.MAX_SAFE_INTEGER].map((offset) => [method, path, offset] as const)))(
    '%s %s offset=%d answers an empty page with the total',
    async (method, path, offset) => {
      const api = makeApi();
      const library = await newLibrary(api);
      await call(api, 'POST', '/library/switch', { libraryPath: library });
      await call(api, 'POST', '/item/add', { bookmarkURL: 'https://example.com/', tags: ['t'] }, { library });
      await call(api, 'POST', '/tagGroup/create', { name: 'g', tags: ['t'] }, { library });
      await call(api, 'POST', '/tag/update', { originalName: 't', starred: true }, { library });
      await call(api, 'POST', '/folder/create', { name: 'f' }, { library });
      await call(api, 'POST', '/smartFolder/create', { name: 's', conditions: CONDITIONS }, { library });
      const answer = await call<{ data: unknown[]; total: number; offset: number }>(api, method, path, { offset }, { library });
      expect(answer.httpStatus).toBe(200);
      expect(answer.data).toMatchObject({ data: [], offset });
      expect(answer.data.total).toBeGreaterThanOrEqual(1);
    },
  );

  it('a filtered item/get and item/ids (an index walk) too, where a cursor skips at most 2^32-1 as in Chromium', async () => {
    const advance = IDBCursor.prototype.advance;
    const spy = vi.spyOn(IDBCursor.prototype, 'advance').mockImplementation(function (this: IDBCursor, count: number) {
      if (count > 0xffffffff) throw new TypeError("Failed to execute 'advance' on 'IDBCursor': Value is outside the 'unsigned long' value range.");
      return advance.call(this, count);
    });
    try {
      const api = makeApi();
      const library = await newLibrary(api);
      await call(api, 'POST', '/item/add', { bookmarkURL: 'https://example.com/', tags: ['t'] }, { library });
      const page = await call(api, 'GET', '/item/get', { tags: 't', offset: 2 ** 32 }, { library });
      expect([page.httpStatus, page.data]).toEqual([200, expect.objectContaining({ data: [], total: 1 })]);
      const ids = await call(api, 'POST', '/item/ids', { tags: ['t'], offset: 2 ** 32, limit: 10 }, { library });
      expect([ids.httpStatus, ids.data]).toEqual([200, expect.objectContaining({ ids: [], total: 1 })]);
    } finally {
      spy.mockRestore();
    }
  });

  it('smartFolder/getItems too', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    await call(api, 'POST', '/item/add', { bookmarkURL: 'https://example.com/' }, { library });
    const folder = await call<{ id: string }>(api, 'POST', '/smartFolder/create', { name: 's', conditions: CONDITIONS }, { library });
    const answer = await call(api, 'GET', '/smartFolder/getItems', { smartFolderId: folder.data.id, offset: 2 ** 32 }, { library });
    expect(answer.data).toMatchObject({ data: [], total: 1, offset: 2 ** 32 });
  });

  it('an offset past 2^53-1 is a 400 naming offset', async () => {
    const answer = await call(makeApi(), 'GET', '/tag/getRecentTags', { offset: '9007199254740993' });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/^offset:/);
  });
});
