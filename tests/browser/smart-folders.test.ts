// Smart folders through the real service worker: every endpoint, and every validation error.
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../loose-client';
import { INVALID_REQUESTS } from '../node/fixtures/smart-folder-invalid-requests';
import { fetchApi, isolatedClient, LIBRARY_HEADER, stopServiceWorkers } from './service-worker';
import type { Page } from '../../src/core/http/pagination';
import type { SmartFolderView } from '../../src/core/smart-folders/smart-folder-view';

type View = SmartFolderView;

const wide = [{ rules: [{ property: 'width', method: '>=', value: [1000] }], match: 'AND', boolean: 'TRUE' }];
const pngs = [{ rules: [{ property: 'type', method: 'equal', value: 'png' }], match: 'AND', boolean: 'TRUE' }];

async function refusal(promise: Promise<unknown>): Promise<ApiClientError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiClientError);
  return error as ApiClientError;
}

describe('smart folders through the service worker', () => {
  it('answers the rule schema from GET /api/v2/smartFolder/getRules', async () => {
    const { library } = await isolatedClient();
    const { response, body } = await fetchApi('/api/v2/smartFolder/getRules', { headers: { [LIBRARY_HEADER]: library } });
    expect(response.status).toBe(200);
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining(['name', 'width', 'type', 'fileSize', 'createTime', 'tags', 'rating', 'shape', 'color']));
    expect(body.data.fileSize.unit).toEqual(['kb', 'mb']);
  });

  it('creates, gets, updates and removes smart folders, and keeps them across a worker stop', async () => {
    const { client } = await isolatedClient();
    const parent = await client.post<View>('/smartFolder/create', { name: 'Wide', conditions: wide, iconColor: 'green' });
    expect(parent).toMatchObject({ name: 'Wide', iconColor: 'green', imageCount: 0, children: [], parent: null, conditions: wide });
    const child = await client.post<View>('/smartFolder/create', { name: 'Wide PNG', conditions: pngs, parent: parent.id });

    await stopServiceWorkers();
    const listed = await client.get<Page<View>>('/smartFolder/get');
    expect(listed.data.map((v) => v.name)).toEqual(['Wide', 'Wide PNG']);
    expect(listed.data[0]!.children.map((c) => c.id)).toEqual([child.id]);
    expect((await client.post<Page<View>>('/smartFolder/get', { ids: [child.id] })).data.map((v) => v.id)).toEqual([child.id]);
    expect((await client.get<Page<View>>('/smartFolder/get', { id: parent.id, limit: 1 })).total).toBe(1);

    const updated = await client.post<View>('/smartFolder/update', { id: child.id, name: 'Wide PNGs', parent: null });
    expect(updated).toMatchObject({ name: 'Wide PNGs', parent: null, conditions: pngs });
    await client.post('/smartFolder/update', { id: child.id, parent: parent.id });
    expect(await client.post('/smartFolder/remove', { id: parent.id })).toBe(true);
    expect((await client.get<Page<View>>('/smartFolder/get')).total).toBe(0);
    expect((await client.get<{ smartFolders: View[] }>('/library/info')).smartFolders).toEqual([]);
  });

  it('lists the items of a smart folder by GET and POST /api/v2/smartFolder/getItems', async () => {
    const { client } = await isolatedClient();
    const folder = await client.post<View>('/smartFolder/create', { name: 'Wide', conditions: wide });
    expect(await client.get<Page<unknown>>('/smartFolder/getItems', { smartFolderId: folder.id, fields: 'name' })).toEqual({ data: [], total: 0, offset: 0, limit: 50 });
    expect(await client.post<Page<unknown>>('/smartFolder/getItems', { smartFolderId: folder.id, limit: 5000 })).toMatchObject({ total: 0, limit: 1000 });
  });

  it.each([
    ['get', 'GET', '/smartFolder/get', { id: 'NOPE' }],
    ['update', 'POST', '/smartFolder/update', { id: 'NOPE', name: 'x' }],
    ['remove', 'POST', '/smartFolder/remove', { id: 'NOPE' }],
    ['getItems', 'GET', '/smartFolder/getItems', { smartFolderId: 'NOPE' }],
    ['create under an unknown parent', 'POST', '/smartFolder/create', { name: 'x', conditions: wide, parent: 'NOPE' }],
    ['create with an unknown folder', 'POST', '/smartFolder/create', { name: 'x', conditions: [{ rules: [{ property: 'folders', method: 'union', value: ['NOPE'] }] }] }],
  ] as const)('%s with an unknown id → 404', async (_name, method, path, input) => {
    const { client } = await isolatedClient();
    const call = method === 'GET' ? client.get(path, input as Record<string, string>) : client.post(path, input);
    const error = await refusal(call);
    expect(error.httpStatus).toBe(404);
    expect(error.body.message).toContain('"NOPE"');
  });

  it('refuses to move a smart folder under its own child', async () => {
    const { client } = await isolatedClient();
    const top = await client.post<View>('/smartFolder/create', { name: 'top', conditions: wide });
    const below = await client.post<View>('/smartFolder/create', { name: 'below', conditions: pngs, parent: top.id });
    const error = await refusal(client.post('/smartFolder/update', { id: top.id, parent: below.id }));
    expect(error.httpStatus).toBe(400);
    expect(error.body.message).toContain('parent');
  });

  it.each(INVALID_REQUESTS)('refuses %s with 400', async (_name, path, body, fragment) => {
    const { client } = await isolatedClient();
    const error = await refusal(client.post(path, body));
    expect(error.httpStatus).toBe(400);
    expect(error.body).toMatchObject({ status: 'error', code: 'INVALID_ARGUMENT' });
    expect(error.body.message).toContain(fragment);
    expect((await client.get<Page<View>>('/smartFolder/get')).total).toBe(0);
  });
});
