// The only browser test that changes the current library; every other test uses its own library
// through the X-Library-Path header, so running files in parallel does not disturb them.
import { describe, expect, it } from 'vitest';
import { ApiClient, ApiClientError } from '../loose-client';
import { controlledBy, stopServiceWorkers } from './service-worker';

describe('switching libraries through the worker', () => {
  it('round-trips create, switch, info and history, and survives a worker stop', async () => {
    await controlledBy();
    const api = new ApiClient();
    const name = `switch-${Math.random().toString(36).slice(2, 8)}`;
    const created = await api.post<{ path: string }>('/library/create', { name });
    expect(await api.post('/library/switch', { libraryPath: created.path })).toBe(true);
    await stopServiceWorkers();
    expect(await api.get('/library/info')).toMatchObject({ name, path: created.path });
    const history = await api.get<{ data: { path: string }[] }>('/library/history');
    expect(history.data[0]?.path).toBe(created.path);
  });

  it('refuses an unknown path with 404 and keeps the current library', async () => {
    await controlledBy();
    const api = new ApiClient();
    const before = await api.get<{ path: string }>('/library/info');
    const error = await api.post('/library/switch', { libraryPath: '/libraries/never.library' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).httpStatus).toBe(404);
    expect((await api.get<{ path: string }>('/library/info')).path).toBe(before.path);
  });
});
