// library/subscribe through the real service worker, from a published library on a real static
// server of another origin (published-library-setup.ts): counts, thumbnails, originals, READ_ONLY.
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_NAMESPACE, LibraryRegistry, libraryPathFor } from '../../src/core/storage/registry';
import { controlledBy, fetchApi, LIBRARY_HEADER } from './service-worker';

const published = inject('published');

/** A JSON POST through the worker, to `library` when given. */
const post = (path: string, body: unknown, library?: string) =>
  fetchApi(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(library ? { [LIBRARY_HEADER]: library } : {}) }, body: JSON.stringify(body) });

describe('published libraries', () => {
  it('subscribes to a published library and reads it like any library; every write answers 403 READ_ONLY', async () => {
    await controlledBy();
    const subscribed = await post('/api/v2/library/subscribe', { url: published.url, wait: true });
    expect(subscribed.response.status, JSON.stringify(subscribed.body)).toBe(200);
    const library = subscribed.body.data.path as string;
    expect(subscribed.body.data).toMatchObject({ name: expect.stringMatching(/^Published/), items: published.items, stored: published.items });

    const headers = { [LIBRARY_HEADER]: library };
    const info = await fetchApi('/api/v2/library/info', { headers });
    expect(info.body.data).toMatchObject({ readOnly: true, publishedFrom: new URL(published.url).href.replace(/manifest\.json$/, '') });
    const own = await fetchApi('/api/v2/library/info');
    expect(own.body.data.readOnly).toBe(false);
    const live = await fetchApi('/api/v2/item/get?limit=1000', { headers });
    const trash = await fetchApi('/api/v2/item/get?limit=1000&isDeleted=true', { headers });
    expect(live.body.data.data.length + trash.body.data.data.length).toBe(published.items);
    const folders = await post('/api/v2/folder/get', {}, library);
    expect(JSON.stringify(folders.body.data)).toContain('Kittens');
    const smart = await post('/api/v2/smartFolder/get', {}, library);
    expect(smart.response.status).toBe(200);
    const found = await post('/api/v2/item/query', { query: 'cat' }, library);
    expect(found.body.data.data.length).toBeGreaterThan(0);

    const thumbnail = await fetch(`/api/v2/item/thumbnail?id=${published.sample.id}&library=${encodeURIComponent(library)}`);
    expect(thumbnail.headers.get('X-Served-By')).toBe('service-worker');
    expect(thumbnail.headers.get('Content-Type')).toMatch(/^image\/(png|webp)$/);
    const original = await fetch(`/api/v2/item/file?id=${published.sample.id}&library=${encodeURIComponent(library)}`);
    expect(original.status).toBe(200);
    expect((await original.arrayBuffer()).byteLength).toBe(published.sample.size);

    for (const [path, body] of [
      ['/api/v2/item/update', { id: published.sample.id, star: 3 }],
      ['/api/v2/folder/create', { folderName: 'Mine' }],
      ['/api/v2/tagGroup/create', { name: 'Mine' }],
    ] as const) {
      const refused = await post(path, body, library);
      expect(refused.response.status, path).toBe(403);
      expect(refused.body).toMatchObject({ status: 'error', code: 'READ_ONLY' });
      expect(refused.body.message).toContain(library.replace('/libraries/', '').replace('.library', ''));
    }
    const after = await fetchApi('/api/v2/item/get?limit=1000', { headers });
    expect(after.body.data.data).toEqual(live.body.data.data);
  });

  it('removes a subscribed library with its read-only mark: a library made later under its name takes writes', async () => {
    await controlledBy();
    const subscribed = await post('/api/v2/library/subscribe', { url: published.url, wait: true });
    expect(subscribed.response.status, JSON.stringify(subscribed.body)).toBe(200);
    const { path, name } = subscribed.body.data as { path: string; name: string };
    expect((await post('/api/v2/library/remove', { libraryPath: path })).response.status).toBe(200);
    const created = await post('/api/v2/library/create', { name });
    expect(created.response.status, JSON.stringify(created.body)).toBe(200);
    const info = await fetchApi('/api/v2/library/info', { headers: { [LIBRARY_HEADER]: path } });
    expect(info.body.data).toMatchObject({ name, readOnly: false });
    const folder = await post('/api/v2/folder/create', { name: 'Mine' }, path);
    expect(folder.response.status, JSON.stringify(folder.body)).toBe(200);
  });

  it('ranks similar items and finds colours from the published descriptors, with no thumbnail fetched', async () => {
    await controlledBy();
    const { pictures } = published;
    const subscribed = await post('/api/v2/library/subscribe', { url: published.url, wait: true });
    expect(subscribed.response.status, JSON.stringify(subscribed.body)).toBe(200);
    const library = subscribed.body.data.path as string;

    const similar = await post('/api/v2/aiSearch/searchByItemId', { itemId: pictures.scene, limit: 1000 }, library);
    expect(similar.response.status, JSON.stringify(similar.body)).toBe(200);
    expect(similar.body.data.results[0]).toMatchObject({ item: { id: pictures.copy }, nearDuplicate: true, signals: ['visual'] });
    const ranked = similar.body.data.results.map((result: { item: { id: string } }) => result.item.id);
    // Every picture is ranked (the other scene too), though none of their thumbnails was ever shown.
    expect(ranked.indexOf(pictures.other)).toBeGreaterThan(0);
    const red = await post('/api/v2/aiSearch/searchByText', { query: 'red' }, library);
    expect(red.body.data.understood.colours).toEqual(['red']);
    expect(red.body.data.results.slice(0, 2).map((result: { item: { id: string } }) => result.item.id).sort()).toEqual([...pictures.red].sort());
    expect(red.body.data.results.map((result: { signals: string[] }) => result.signals)).toContainEqual(['colour']);

    // The static server's log: the descriptors came with the shards; no picture's thumbnail was fetched.
    const requests = (await (await fetch(pictures.requests)).json()) as string[];
    expect(requests.some((path) => path.includes('/shards/descriptors-'))).toBe(true);
    expect(requests.filter((path) => pictures.thumbnails.includes(path))).toEqual([]);
  });

  it('answers 400 naming manifest.json for a URL that holds no published library', async () => {
    await controlledBy();
    const { response, body } = await fetchApi('/api/v2/library/subscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `${published.url}nothing/` }),
    });
    expect(response.status).toBe(400);
    expect(body.message).toContain('manifest.json');
  });

  // A manifest without `counts` (hand-made or damaged; the setup serves one whose other files are
  // all there) is refused before any library is made: a 400 naming counts.items. It used to pass
  // the manifest check, make the library and then meet a TypeError: a 500.
  it('answers 400 naming counts.items for a manifest without counts, and makes no library', async () => {
    await controlledBy();
    const { response, body } = await post('/api/v2/library/subscribe', { url: published.uncounted.url, wait: true });
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect(body.message).toContain('counts.items');
    expect(await new LibraryRegistry(DEFAULT_NAMESPACE, Date.now, 'test').find(libraryPathFor(published.uncounted.name))).toBeUndefined();
  });
});
