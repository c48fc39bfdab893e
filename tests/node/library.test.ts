import { describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary } from './helpers';

interface Info {
  name: string;
  path: string;
  modificationTime: number;
  applicationVersion: string;
  folders: unknown[];
  smartFolders: unknown[];
  quickAccess: unknown[];
  tagGroups: unknown[];
}

describe('libraries', () => {
  it('creates the default library on first use', async () => {
    const api = makeApi();
    const info = await call<Info>(api, 'GET', '/library/info');
    expect(info.data).toMatchObject({ name: 'My Library', path: '/libraries/My Library.library', folders: [], tagGroups: [] });
    const history = await call<{ data: unknown[] }>(api, 'GET', '/library/history');
    expect(history.data.data).toEqual([{ name: 'My Library', path: '/libraries/My Library.library' }]);
  });

  it('round-trips create, switch, info and history', async () => {
    const api = makeApi();
    await call(api, 'GET', '/library/info');
    const created = await call<{ path: string; name: string }>(api, 'POST', '/library/create', { name: 'Photos' });
    expect(created.data).toMatchObject({ name: 'Photos', path: '/libraries/Photos.library' });
    expect((await call(api, 'POST', '/library/switch', { libraryPath: '/libraries/Photos.library/' })).data).toBe(true);
    expect((await call<Info>(api, 'GET', '/library/info')).data.name).toBe('Photos');
    const history = await call<{ data: { name: string }[]; total: number }>(api, 'GET', '/library/history');
    expect(history.data.data.map((h) => h.name)).toEqual(['Photos', 'My Library']);
    expect(history.data.total).toBe(2);
  });

  it('refuses to switch to an unknown path and changes nothing', async () => {
    const api = makeApi();
    const before = await call<Info>(api, 'GET', '/library/info');
    const answer = await call(api, 'POST', '/library/switch', { libraryPath: '/libraries/Nope.library' });
    expect(answer.httpStatus).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call<Info>(api, 'GET', '/library/info')).data).toEqual(before.data);
  });

  it('refuses a second library of the same name', async () => {
    const api = makeApi();
    await newLibrary(api, 'Twice');
    const again = await call(api, 'POST', '/library/create', { name: 'Twice' });
    expect(again.httpStatus).toBe(409);
  });

  it.each([[''], ['a/b'], ['x'.repeat(201)]])('refuses the library name %j', async (name) => {
    const answer = await call(makeApi(), 'POST', '/library/create', { name });
    expect(answer.httpStatus).toBe(400);
    expect((answer.body as { message: string }).message).toMatch(/name/);
  });

  it('works on the library named by the X-Library-Path header without switching', async () => {
    const api = makeApi();
    const path = await newLibrary(api, 'Side');
    expect((await call<Info>(api, 'GET', '/library/info', {}, { library: path })).data.name).toBe('Side');
    expect((await call<Info>(api, 'GET', '/library/info')).data.name).toBe('My Library');
    const unknown = await call(api, 'GET', '/library/info', {}, { library: '/libraries/Ghost.library' });
    expect(unknown.httpStatus).toBe(404);
  });

  it('keeps the current library in IndexedDB, not in memory', async () => {
    const namespace = `persist-${Math.random()}`;
    const first = makeApi({ namespace });
    await newLibrary(first, 'Kept');
    await call(first, 'POST', '/library/switch', { libraryPath: '/libraries/Kept.library' });
    first.close();
    const second = makeApi({ namespace });
    expect((await call<Info>(second, 'GET', '/library/info')).data.name).toBe('Kept');
  });

  it('answers a PNG icon per library', async () => {
    const api = makeApi();
    const path = await newLibrary(api, 'Iconic');
    const response = await api.handle(new Request(`http://localhost/api/v2/library/icon?libraryPath=${encodeURIComponent(path)}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const missing = await call(api, 'GET', '/library/icon', { libraryPath: '/libraries/None.library' });
    expect(missing.httpStatus).toBe(404);
  });

  it('reports the built-in AI search as installed and ready, with an honest sync status', async () => {
    const api = makeApi();
    expect((await call(api, 'GET', '/aiSearch/isInstalled')).data).toBe(true);
    expect((await call(api, 'GET', '/aiSearch/isReady')).data).toBe(true);
    expect((await call(api, 'GET', '/aiSearch/checkServiceHealth')).data).toMatchObject({ healthy: true, signals: ['visual', 'colour', 'object', 'metadata', 'meaning'] });
    expect((await call(api, 'GET', '/aiSearch/getSyncStatus')).data).toMatchObject({ isSyncing: false, syncedCount: 0 });
  });
});
