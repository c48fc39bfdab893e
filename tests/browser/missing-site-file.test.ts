// Defects 3, 4 and 5 of issue 12 through the real service worker: a site path the server does not
// have, malformed escapes in a source's file name, and huge offsets on IndexedDB cursors.
import { describe, expect, it } from 'vitest';
import { expectError } from './expect-error';
import { fetchApi, isolatedClient, LIBRARY_HEADER } from './service-worker';
import type { Page } from '../../src/core/http/pagination';

describe('sources and offsets through the worker', () => {
  it('refuses item/add of a site path the server does not have, and stores nothing', async () => {
    const { client, library } = await isolatedClient();
    await expectError(library, '/api/v2/item/add', { path: '/typo-does-not-exist.png' }, 400, 'INVALID_ARGUMENT', /^path: /);
    await expectError(library, '/api/v2/item/add', { items: [{ bookmarkURL: 'https://example.com/' }, { path: '/nope/missing.jpg' }] }, 400, 'INVALID_ARGUMENT', /^items\[1\]\.path: /);
    expect(await client.get('/item/countAll')).toBe(0);
  });

  it('answers malformed percent-escapes in a source file name with an error envelope, never a 500', async () => {
    const { client, library } = await isolatedClient();
    await expectError(library, '/api/v2/item/add', { path: '/assets/bad%E0%A4%A.png' }, 400, 'INVALID_ARGUMENT', /^path: /);
    await expectError(library, '/api/v2/item/add', { url: `${location.origin}/bad%E0%A4%A.png` }, 400, 'INVALID_ARGUMENT', /^url: /);
    await expectError(library, '/api/v2/item/add', { path: '/100%.png' }, 400, 'INVALID_ARGUMENT', /^path: /);
    expect(await client.get('/item/countAll')).toBe(0);
  });

  it.each(['/tag/getRecentTags', '/tag/getStarredTags', '/tagGroup/get', '/item/get', '/folder/get', '/tag/get', '/smartFolder/get', '/library/history'])(
    '%s with offset 2^32 and 2^53-1 answers an empty page with the total',
    async (path) => {
      const { client, library } = await isolatedClient();
      await client.post('/item/add', { bookmarkURL: 'https://example.com/', tags: ['t'] });
      await client.post('/tagGroup/create', { name: 'g', tags: ['t'] });
      await client.post('/tag/update', { originalName: 't', starred: true });
      for (const offset of [2 ** 32, Number.MAX_SAFE_INTEGER]) {
        const { response, body } = await fetchApi(`/api/v2${path}?offset=${offset}`, { headers: { [LIBRARY_HEADER]: library } });
        expect(response.status, JSON.stringify(body)).toBe(200);
        expect(body.data).toMatchObject({ data: [], offset });
      }
    },
  );

  it('a filtered item/get and item/ids with offset 2^32 answer an empty page with the total (an index walk, not a slice)', async () => {
    const { client, library } = await isolatedClient();
    const folder = await client.post<{ id: string }>('/folder/create', { name: 'f' });
    await client.post('/item/add', { bookmarkURL: 'https://example.com/', tags: ['t'], folders: [folder.id] });
    for (const filter of ['tags=t', `folders=${folder.id}`, 'isDeleted=false&ext=url']) {
      const { response, body } = await fetchApi(`/api/v2/item/get?${filter}&offset=${2 ** 32}`, { headers: { [LIBRARY_HEADER]: library } });
      expect(response.status, `${filter}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.data).toMatchObject({ data: [], offset: 2 ** 32 });
    }
    const { response, body } = await fetchApi('/api/v2/item/ids', { method: 'POST', headers: { [LIBRARY_HEADER]: library, 'Content-Type': 'application/json' }, body: JSON.stringify({ tags: ['t'], offset: 2 ** 32, limit: 10 }) });
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ ids: [], total: 1 });
  });
});
