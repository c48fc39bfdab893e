// GETs may name their library as ?library= (for <img>/<video>, which cannot send headers); the
// X-Library-Path header wins, and POSTs never read the query parameter.
import { describe, expect, it } from 'vitest';
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
