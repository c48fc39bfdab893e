import { beforeAll, describe, expect, it } from 'vitest';
import { controlledBy, fetchApi, isolatedClient, stopServiceWorkers } from './service-worker';

describe('the service worker answers the API', () => {
  beforeAll(async () => {
    await controlledBy();
  });

  it('answers app/info from the worker', async () => {
    const { response, body } = await fetchApi('/api/v2/app/info');
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ status: 'success', data: { platform: 'web' } });
    expect(navigator.serviceWorker.controller).not.toBeNull();
  });

  it.each([
    ['unknown route', '/api/v2/nope', {}, 404, 'NOT_FOUND'],
    ['wrong method', '/api/v2/library/switch', {}, 405, 'METHOD_NOT_ALLOWED'],
    ['PUT is a wrong method too', '/api/v2/app/info', { method: 'PUT' }, 405, 'METHOD_NOT_ALLOWED'],
    ['malformed JSON', '/api/v2/library/switch', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{bad json' }, 400, 'INVALID_ARGUMENT'],
  ] as const)('%s → %i', async (_name, path, init, status, code) => {
    const { response, body } = await fetchApi(path, init as RequestInit);
    expect(response.status).toBe(status);
    expect(body).toMatchObject({ status: 'error', code });
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(10);
  });

  it('names the body in the malformed-JSON message', async () => {
    const { body } = await fetchApi('/api/v2/library/create', { method: 'POST', body: '{bad json' });
    expect(body.message).toMatch(/body/);
  });

  it('lets every other request pass to the network', async () => {
    const response = await fetch('/index.html');
    expect(response.headers.get('X-Served-By')).toBeNull();
  });

  it('answers library/icon as PNG bytes', async () => {
    const { library } = await isolatedClient();
    const { response } = await fetchApi(`/api/v2/library/icon?libraryPath=${encodeURIComponent(library)}`);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    const bitmap = await createImageBitmap(await response.blob());
    expect(bitmap.width).toBeGreaterThan(100);
  });

  it('gives the same answers after the worker was stopped', async () => {
    const { client, library } = await isolatedClient();
    const before = await client.get('/library/info');
    const history = await client.get('/library/history');
    await stopServiceWorkers();
    expect(await client.get('/library/info')).toEqual(before);
    await stopServiceWorkers();
    expect(await client.get('/library/history')).toEqual(history);
    expect((await client.get<{ path: string }>('/library/info')).path).toBe(library);
  });
});
