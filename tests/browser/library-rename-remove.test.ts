// library/rename and library/remove through the real service worker (issue 24, point 12),
// library/create and library/remove sent twice under one Idempotency-Key (and the key with another
// request refused), a library made at the path of one whose removal a stopped worker cut short,
// and one a stopped worker left unfinished. Each test works on libraries of its own and never
// removes the current one (other files share it).
import { describe, expect, it } from 'vitest';
import { ReadOnlyLibraries } from '../../src/core/publish/subscription-state';
import { LibraryDb } from '../../src/core/storage/library-db';
import { DEFAULT_NAMESPACE, LibraryRegistry, libraryPathFor } from '../../src/core/storage/registry';
import { UNFINISHED_FOR_MS } from '../../src/core/storage/take-back-library';
import { expectError } from './expect-error';
import { ApiClient, controlledBy, fetchApi, isolatedClient, LIBRARY_HEADER, stopServiceWorkers } from './service-worker';

describe('library/rename and library/remove through the service worker', () => {
  it('renames a library (the path stays) and refuses a bad name', async () => {
    const { client, library } = await isolatedClient();
    await client.post('/item/add', { bookmarkURL: 'https://example.com/kept' });
    const name = `Renamed ${Date.now().toString(36)}`;
    expect(await client.post('/library/rename', { libraryPath: library, name })).toEqual({ name, path: library });
    expect(await client.get('/library/info')).toMatchObject({ name, path: library });
    expect(await client.get('/item/countAll')).toBe(1);
    await expectError(library, '/api/v2/library/rename', { libraryPath: library, name: 'a\\b' }, 400, 'INVALID_ARGUMENT', /^name: /);
    await expectError(library, '/api/v2/library/rename', { libraryPath: '/libraries/none-such.library', name: 'x' }, 404, 'NOT_FOUND', /none-such/);
    expect(await client.get('/library/info')).toMatchObject({ name });
  });

  it('removes a library and its data; unknown paths are 404', async () => {
    const { client, library } = await isolatedClient();
    await client.post('/item/add', { bookmarkURL: 'https://example.com/gone' });
    expect((await databaseNames()).filter((name) => name.endsWith(library))).toHaveLength(1);
    expect(await client.post('/library/remove', { libraryPath: library })).toBe(true);
    const after = await fetchApi('/api/v2/item/countAll', { headers: { 'X-Library-Path': library } });
    expect(after.response.status).toBe(404);
    const names = (await databaseNames()).filter((name) => name.endsWith(library));
    expect(names).toEqual([]);
    await expectError(library, '/api/v2/library/remove', { libraryPath: library }, 404, 'NOT_FOUND', /libraryPath/);
  });

  it('makes and removes a library once under a key, each sent twice as a restarted worker receives it', async () => {
    const { library } = await isolatedClient();
    const stamp = Date.now().toString(36);
    const send = (path: string, body: unknown, key: string) =>
      fetchApi(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': library, 'Idempotency-Key': key }, body: JSON.stringify(body) });
    const made = await send('/api/v2/library/create', { name: `Once ${stamp}` }, `create-${stamp}`);
    const madeAgain = await send('/api/v2/library/create', { name: `Once ${stamp}` }, `create-${stamp}`);
    expect(made.response.status).toBe(200);
    expect(madeAgain.body).toEqual(made.body);
    // The key stands for that request: with another name it is refused, and makes nothing.
    const other = await send('/api/v2/library/create', { name: `Other ${stamp}` }, `create-${stamp}`);
    expect([other.response.status, other.body.message]).toEqual([409, expect.stringMatching(/^Idempotency-Key header: .* with another request/)]);
    expect(await new LibraryRegistry(DEFAULT_NAMESPACE, Date.now, 'test').find(libraryPathFor(`Other ${stamp}`))).toBeUndefined();
    const path = made.body.data.path as string;
    await fetchApi('/api/v2/item/add', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Library-Path': path }, body: JSON.stringify({ bookmarkURL: 'https://example.com/once' }) });
    const removed = await send('/api/v2/library/remove', { libraryPath: path }, `remove-${stamp}`);
    const removedAgain = await send('/api/v2/library/remove', { libraryPath: path }, `remove-${stamp}`);
    expect([removed.response.status, removed.body.data, removedAgain.response.status, removedAgain.body.data]).toEqual([200, true, 200, true]);
    expect((await databaseNames()).filter((name) => name.endsWith(path))).toEqual([]);
    await expectError(library, '/api/v2/library/remove', { libraryPath: path }, 404, 'NOT_FOUND', /libraryPath/);
  });

  // library/remove takes the registry entry first, then the read-only mark, then the database: a
  // worker stopped after the first step leaves the other two at the path. A library made later
  // under the same name must clear them before its first open (clearLeftovers), or the removed
  // items come back in it (and, marked, every write answers 403). The cut is made exactly: the
  // worker is stopped and the page takes the entry out as the removal does (registry.remove).
  it('a library made at the path of one whose removal was cut short starts empty and takes writes', async () => {
    await controlledBy();
    const name = `Cut ${Date.now().toString(36)}`;
    const { path } = await new ApiClient().post<{ path: string }>('/library/create', { name });
    const gone = new ApiClient({ library: path });
    await gone.post('/item/add', { items: [{ bookmarkURL: 'https://example.com/cut/1' }, { bookmarkURL: 'https://example.com/cut/2' }] });
    expect(await gone.get('/item/countAll')).toBe(2);
    await stopServiceWorkers();
    await new LibraryRegistry(DEFAULT_NAMESPACE, Date.now, 'test').remove(path);
    await new ReadOnlyLibraries(DEFAULT_NAMESPACE).add(path, 'http://127.0.0.1:9/published/');
    expect(await databaseNames()).toContain(`${DEFAULT_NAMESPACE}/library${path}`);
    expect((await fetchApi('/api/v2/item/countAll', { headers: { [LIBRARY_HEADER]: path } })).response.status).toBe(404);

    const again = await new ApiClient().post<{ path: string }>('/library/create', { name });
    expect(again.path).toBe(path);
    expect(await gone.get('/item/countAll')).toBe(0);
    const write = await fetchApi('/api/v2/item/add', { method: 'POST', headers: { 'Content-Type': 'application/json', [LIBRARY_HEADER]: path }, body: JSON.stringify({ bookmarkURL: 'https://example.com/cut/new' }) });
    expect(write.response.status, JSON.stringify(write.body)).toBe(200);
    expect(await gone.get('/item/countAll')).toBe(1);
    expect(await new ReadOnlyLibraries(DEFAULT_NAMESPACE).sourceOf(path)).toBeUndefined();
  });

  // An import into a new library or a subscribe makes its library before storing anything in it; a
  // worker stopped in between left an empty entry that kept its name. A fresh worker takes such
  // entries back once they are older than any maker's steps (ten minutes), its database too.
  it('a fresh worker takes back a library a stopped one left unfinished', async () => {
    await controlledBy();
    const name = `Unfinished ${Date.now().toString(36)}`;
    const longAgo = () => Date.now() - UNFINISHED_FOR_MS - 60_000;
    const left = await new LibraryRegistry(DEFAULT_NAMESPACE, longAgo, 'test').createKeepingName(name, { unfinished: true });
    const young = await new LibraryRegistry(DEFAULT_NAMESPACE, Date.now, 'test').createKeepingName(`${name} young`, { unfinished: true });
    const db = new LibraryDb(`${DEFAULT_NAMESPACE}/library${left.path}`);
    await db.open();
    db.close();
    await stopServiceWorkers();
    expect((await fetchApi('/api/v2/app/info')).response.status).toBe(200);
    const registry = new LibraryRegistry(DEFAULT_NAMESPACE, Date.now, 'test');
    await expect.poll(() => registry.find(left.path), { timeout: 10_000 }).toBeUndefined();
    await expect.poll(databaseNames, { timeout: 10_000 }).not.toContain(`${DEFAULT_NAMESPACE}/library${left.path}`);
    expect(await registry.find(young.path)).toBeDefined();
    await registry.remove(young.path);
  });
});

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((db) => db.name ?? '');
}
