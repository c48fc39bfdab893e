// The only browser test that changes the current library; every other test uses its own library
// through the X-Library-Path header, so running files in parallel does not disturb them.
import { describe, expect, it } from 'vitest';
import { ApiClient, ApiClientError } from '../loose-client';
import { ImportController } from '../../src/app/import/import-controller';
import { settled } from '../node/fixtures/import-settled';
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

  it('keeps a drop under way in the library it was dropped in when the person opens another', async () => {
    await controlledBy();
    const api = new ApiClient();
    const before = await api.get<{ path: string }>('/library/info');
    const made = async (name: string) => (await api.post<{ path: string }>('/library/create', { name: `${name}-${Math.random().toString(36).slice(2, 8)}` })).path;
    const [first, second] = [await made('dropped-in'), await made('opened-after')];
    await api.post('/library/switch', { libraryPath: first });
    try {
      // The app's client for "the current library", its file sends held until the switch is made.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let waiting = 0;
      const gated = new ApiClient({
        fetch: async (url, init) => {
          if (url.includes('/item/addFile')) {
            waiting += 1;
            await held;
          }
          return fetch(url, init);
        },
      });
      const controller = new ImportController(gated, { library: first, limits: { maxItems: 1, maxBytes: 1 } });
      await controller.addRoots(
        ['a.txt', 'b.txt', 'c.txt'].map((name) => ({ file: new File([`note ${name}`], name, { type: 'text/plain' }), path: `notes/${name}` })),
      );
      while (waiting === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await api.post('/library/switch', { libraryPath: second });
      controller.library = second; // as the import dock does when the library store changes
      release();
      await settled(controller);
      expect(controller.progress).toMatchObject({ done: 3, failures: [] });

      const names = async (library: string) =>
        (await new ApiClient({ library }).get<{ data: { name: string }[] }>('/item/get', { limit: 10 })).data.map((item) => item.name).sort();
      expect(await names(first)).toEqual(['a', 'b', 'c']);
      expect(await names(second)).toEqual([]);
      const folders = await new ApiClient({ library: first }).get<{ data: { name: string }[] }>('/folder/get');
      expect(folders.data.map((folder) => folder.name)).toEqual(['notes']);
    } finally {
      await api.post('/library/switch', { libraryPath: before.path });
      for (const path of [first, second]) await api.post('/library/remove', { libraryPath: path });
    }
  });
});
