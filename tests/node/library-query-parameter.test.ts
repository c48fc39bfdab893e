// GETs may name their library as ?library= (for <img>/<video>, which cannot send headers); the
// X-Library-Path header wins, and POSTs never read the query parameter.
import { describe, expect, it } from 'vitest';
import { pngBase64 } from './fixtures/images';
import { call, makeApi, newLibrary } from './helpers';

describe('?library= query parameter', () => {
  it('chooses the library of a GET, below the header, and never of a POST', async () => {
    const api = makeApi();
    const own = await newLibrary(api);
    const other = await newLibrary(api);
    const { data } = await call<{ id: string }>(api, 'POST', '/item/add', { bookmarkURL: 'https://example.com' }, { library: own });

    expect((await call<number>(api, 'GET', '/item/countAll', { library: own })).data).toBe(1);
    expect((await call<number>(api, 'GET', '/item/countAll', { library: own }, { library: other })).data).toBe(0);
    expect((await call(api, 'GET', '/item/countAll', { library: '/libraries/none.library' })).httpStatus).toBe(404);

    const head = await api.handle(new Request(`http://localhost/api/v2/item/countAll?library=${encodeURIComponent(own)}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    const missing = await api.handle(new Request(`http://localhost/api/v2/item/countAll?library=${encodeURIComponent('/libraries/none.library')}`, { method: 'HEAD' }));
    expect(missing.status).toBe(404);

    const post = await api.handle(new Request(`http://localhost/api/v2/item/update?library=${encodeURIComponent(own)}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: data.id, star: 3 }),
    }));
    expect(post.status).toBe(404);
    expect((await call<{ data: { star: number }[] }>(api, 'GET', '/item/get', { id: data.id }, { library: own })).data.data[0]?.star).toBe(0);
  });
});

describe('item URLs of a request that named its library', () => {
  it('name that library too, so a URL fetched with neither header nor parameter reads it, not the current one', async () => {
    const api = makeApi();
    const own = await newLibrary(api);
    const other = await newLibrary(api);
    await call(api, 'POST', '/library/switch', { libraryPath: other });
    // The same id in both (an import or a subscription keeps ids): the URL must not reach the other's item.
    const { data } = await call<{ id: string }>(api, 'POST', '/item/add', { name: 'mine', base64: await pngBase64(6, 4) }, { library: own });
    const [named] = (await call<{ data: { fileURL: string; thumbnailURL: string }[] }>(api, 'GET', '/item/get', { id: data.id }, { library: own })).data.data;
    const query = `&library=${encodeURIComponent(own)}`;
    expect(named).toMatchObject({ fileURL: `/api/v2/item/file?id=${data.id}${query}`, thumbnailURL: `/api/v2/item/thumbnail?id=${data.id}${query}` });
    const file = await api.handle(new Request(`http://localhost${named!.fileURL}`));
    expect([file.status, file.headers.get('Content-Type')]).toEqual([200, 'image/png']);
    // Through ?library= as well; a request on the current library names none.
    const [byQuery] = (await call<{ data: { fileURL: string }[] }>(api, 'GET', '/item/get', { id: data.id, library: own })).data.data;
    expect(byQuery!.fileURL).toBe(named!.fileURL);
    const current = await call<{ id: string }>(api, 'POST', '/item/add', { name: 'theirs', base64: await pngBase64(3, 3) });
    const [plain] = (await call<{ data: { fileURL: string }[] }>(api, 'GET', '/item/get', { id: current.data.id })).data.data;
    expect(plain!.fileURL).toBe(`/api/v2/item/file?id=${current.data.id}`);
    // One appended to such a URL (the app's panels do, for their library) is the one read.
    const appended = await api.handle(new Request(`http://localhost${named!.fileURL}&library=${encodeURIComponent(other)}`));
    expect(appended.status).toBe(404); // the item is not in `other`
    // item/add from such a URL, sent to the current library, copies the named library's file.
    const copied = await call<{ id: string }>(api, 'POST', '/item/add', { path: named!.fileURL });
    const [copy] = (await call<{ data: { width: number; height: number }[] }>(api, 'GET', '/item/get', { id: copied.data.id })).data.data;
    expect(copy).toMatchObject({ width: 6, height: 4 });
  });
});
