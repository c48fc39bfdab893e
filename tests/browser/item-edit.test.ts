import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../loose-client';
import { imageBase64 } from './images';
import { fetchApi, isolatedClient, stopServiceWorkers } from './service-worker';

const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as ApiClientError);

async function withItem() {
  const { client, library } = await isolatedClient();
  const { id } = await client.post<{ id: string }>('/item/add', { name: 'pic', base64: await imageBase64(64, 48), tags: ['t1'] });
  return { client, library, id };
}

describe('item/update through the service worker', () => {
  it('updates only the sent fields, and trash and restore round-trip', async () => {
    const { client, id } = await withItem();
    expect(await client.post('/item/update', { id, star: 3, annotation: 'nice', noPreview: true })).toMatchObject({ id, star: 3, annotation: 'nice', noPreview: true, name: 'pic' });
    expect(await client.post('/item/update', { id, isDeleted: true })).toMatchObject({ isDeleted: true });
    expect(await client.get('/item/countAll')).toBe(0);
    expect((await client.post<{ total: number }>('/item/get', { tags: ['t1'] })).total).toBe(0);
    expect((await client.post<{ total: number }>('/item/get', { isDeleted: true })).total).toBe(1);
    await stopServiceWorkers();
    expect(await client.post('/item/update', { id, isDeleted: false })).toMatchObject({ isDeleted: false, star: 3 });
    expect(await client.get('/item/countAll')).toBe(1);
  });

  it('refuses bad input and unknown ids', async () => {
    const { client, id } = await withItem();
    expect((await errorOf(client.post('/item/update', { id, star: 7 })))?.body.message).toMatch(/star/);
    expect((await errorOf(client.post('/item/update', { id: 'NOPE', star: 1 })))?.httpStatus).toBe(404);
  });
});

describe('comments through the service worker', () => {
  it('follows the kind rules', async () => {
    const { client, id } = await withItem();
    const rect = await client.post<{ id: string; lastModified: number }>('/item/addComment', { id, annotation: 'eye', x: 1, y: 1, width: 5, height: 5 });
    const video = await client.post<{ id: string }>('/item/addComment', { id, duration: 2.5 });
    const status = async (path: string, body: Record<string, unknown>) => (await errorOf(client.post(path, body)))?.httpStatus;
    expect(await status('/item/addComment', { id, x: 1, y: 1, width: 5, height: 5, duration: 1 })).toBe(400);
    expect(await status('/item/addComment', { id, annotation: 'nothing' })).toBe(400);
    expect(await status('/item/addComment', { id, x: 1, y: 1, width: 0, height: 5 })).toBe(400);
    expect(await status('/item/updateComment', { id, commentId: rect.id, duration: 3 })).toBe(400);
    expect(await status('/item/updateComment', { id, commentId: video.id, width: 3 })).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await client.post<{ lastModified: number; annotation: string }>('/item/updateComment', { id, commentId: rect.id, annotation: 'eyes' });
    expect(updated.annotation).toBe('eyes');
    expect(updated.lastModified).toBeGreaterThan(rect.lastModified);
    expect(await client.get<unknown[]>('/item/getComments', { id })).toHaveLength(2);
    expect(await client.post('/item/removeComment', { id, commentId: video.id })).toBe(true);
    expect(await client.get<unknown[]>('/item/getComments', { id })).toHaveLength(1);
    expect(await status('/item/removeComment', { id, commentId: video.id })).toBe(404);
  });
});

describe('files, thumbnails, selection', () => {
  it('serves the original with Range support', async () => {
    const { library, id } = await withItem();
    const headers = { 'X-Library-Path': library };
    const whole = await fetchApi(`/api/v2/item/file?id=${id}`, { headers });
    expect(whole.response.headers.get('Content-Type')).toBe('image/png');
    const bitmap = await createImageBitmap(await whole.response.blob());
    expect([bitmap.width, bitmap.height]).toEqual([64, 48]);
    const part = await fetchApi(`/api/v2/item/file?id=${id}`, { headers: { ...headers, Range: 'bytes=0-99' } });
    expect(part.response.status).toBe(206);
    expect((await part.response.arrayBuffer()).byteLength).toBe(100);
  });

  it('sandboxes SVG files', async () => {
    const { client, library } = await isolatedClient();
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const { id } = await client.post<{ id: string }>('/item/add', { name: 'evil', base64: svg });
    const { response } = await fetchApi(`/api/v2/item/file?id=${id}`, { headers: { 'X-Library-Path': library } });
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(response.headers.get('Content-Security-Policy')).toMatch(/^sandbox/);
  });

  it('serves a thumbnail for an image', async () => {
    const { library, id } = await withItem();
    const { response } = await fetchApi(`/api/v2/item/thumbnail?id=${id}`, { headers: { 'X-Library-Path': library } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^image\//);
  });

  it('filters by the selection that item/select stores, and opens items', async () => {
    const { client, id } = await withItem();
    const { id: other } = await client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com' });
    expect(await client.post('/item/select', { ids: [other] })).toBe(true);
    await stopServiceWorkers();
    expect((await client.get<{ data: { id: string }[] }>('/item/get', { isSelected: true })).data.map((i) => i.id)).toEqual([other]);
    expect(await client.post('/item/open', { id })).toBe(true);
    expect((await errorOf(client.post('/item/open', { id: 'NOPE' })))?.httpStatus).toBe(404);
    expect((await errorOf(client.post('/item/select', { ids: ['NOPE'] })))?.httpStatus).toBe(404);
  });
});
