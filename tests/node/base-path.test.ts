/** An embedded install answers the API under its base path (`<base>api/v2`), and its item URLs carry that base. */
import { describe, expect, it } from 'vitest';
import { apiPrefixFor, LIBRARY_HEADER, type Api } from '../../src/core';
import type { Page } from '../../src/core/http/pagination';
import type { ItemView } from '../../src/core/listing/item-view';
import { makeApi } from './helpers';
import { pngBase64 } from './fixtures/images';

const PREFIX = '/asset-library/api/v2';

async function post<T>(api: Api, path: string, body: unknown, library?: string): Promise<{ status: number; body: { status: string; data: T; code?: string } }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(library ? { [LIBRARY_HEADER]: library } : {}) };
  const response = await api.handle(new Request(`http://localhost${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  return { status: response.status, body: await response.json() };
}

async function setup() {
  const api = makeApi({ apiPrefix: PREFIX });
  const library = (await post<{ path: string }>(api, `${PREFIX}/library/create`, { name: `base-${Math.random().toString(36).slice(2)}` })).body.data.path;
  const add = async (item: Record<string, unknown>) => (await post<{ id: string }>(api, `${PREFIX}/item/add`, item, library)).body.data.id;
  const list = async (path: string, body: Record<string, unknown>) => (await post<Page<ItemView>>(api, `${PREFIX}${path}`, body, library)).body.data.data;
  return { api, library, add, list };
}

describe('the API under a base path', () => {
  it('derives the prefix from a base path', () => {
    expect(apiPrefixFor('/')).toBe('/api/v2');
    expect(apiPrefixFor('/asset-library/')).toBe('/asset-library/api/v2');
    expect(apiPrefixFor('/a/b')).toBe('/a/b/api/v2');
    expect(() => apiPrefixFor('asset-library/')).toThrow(/starts with "\/"/);
  });

  it('gives items file and thumbnail URLs under the base, in every item list', async () => {
    const { api, library, add, list } = await setup();
    const id = await add({ name: 'red', base64: await pngBase64(4, 3), tags: ['red'] });
    // The requests name their library (X-Library-Path): so do the URLs, for an <img> that cannot.
    const named = `&library=${encodeURIComponent(library)}`;
    const urls = { fileURL: `${PREFIX}/item/file?id=${id}${named}`, thumbnailURL: `${PREFIX}/item/thumbnail?id=${id}${named}` };
    expect((await list('/item/get', { id }))[0]).toMatchObject(urls);
    expect((await list('/item/query', { query: 'red' }))[0]).toMatchObject(urls);
    const updated = await post<ItemView>(api, `${PREFIX}/item/update`, { id, star: 3 }, library);
    expect(updated.body.data).toMatchObject(urls);
    const file = await api.handle(new Request(`http://localhost${urls.fileURL}`, { headers: { [LIBRARY_HEADER]: library } }));
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
  });

  it('reuses a stored file through a path under the base', async () => {
    const { add, list } = await setup();
    const original = await add({ name: 'orig', base64: await pngBase64(5, 7) });
    const copy = await add({ path: `${PREFIX}/item/file?id=${original}` });
    expect((await list('/item/get', { id: copy }))[0]).toMatchObject({ name: 'orig', width: 5, height: 7 });
  });

  it('does not answer the root prefix as a route', async () => {
    const { api } = await setup();
    const response = await api.handle(new Request('http://localhost/api/v2/app/info'));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND' });
  });
});
