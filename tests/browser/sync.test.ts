/**
 * Sync through the real service worker (pouchdb-browser on Chromium's IndexedDB) with a real
 * pouchdb-server (tests/sync/global-setup.ts). Two libraries of this browser, each with its own
 * replica, stand for two devices.
 */
import { describe, expect, inject, it } from 'vitest';
import { expectError } from './expect-error';
import { LibraryDb } from '../../src/core/storage/library-db';
import { SYNC_STATUS_KEY, type SyncStatus } from '../../src/core/sync/sync-state';
import { isolatedClient, stopServiceWorkers, type ApiClient } from './service-worker';


interface Item {
  id: string;
  [field: string]: unknown;
}

const couch = inject('couchOrigin');
const newDatabase = () => `${couch}/browser-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** item/get of every item, without the URLs and thumbnail state (local to each device; files: sync-files.test.ts). */
async function items(client: ApiClient): Promise<Item[]> {
  const page = await client.get<{ data: Item[] }>('/item/get', { limit: 1000, orderBy: 'NAME' });
  return page.data.map(({ fileURL, thumbnailURL, thumbnailReady, ...shared }) => shared as Item);
}

describe('sync through the service worker', () => {
  it('refuses bad input and servers that are not CouchDB, naming the cause, and stays off', async () => {
    const { client, library } = await isolatedClient();
    await expectError(library, '/api/v2/sync/start', {}, 400, 'INVALID_ARGUMENT', /url/);
    await expectError(library, '/api/v2/sync/start', { url: 'ftp://127.0.0.1/db' }, 400, 'INVALID_ARGUMENT', /url: must be an http or https URL/);
    await expectError(library, '/api/v2/sync/start', { url: `${couch}/Upper` }, 400, 'INVALID_ARGUMENT', /url:.*database name/);
    await expectError(library, '/api/v2/sync/start', { url: `${location.origin}/photos` }, 400, 'INVALID_ARGUMENT', /url: .* is not a CouchDB server/);
    await expectError(library, '/api/v2/sync/start', { url: 'http://127.0.0.1:9/photos' }, 503, 'UNAVAILABLE', /url: the server at http:\/\/127\.0\.0\.1:9 did not answer/);
    await expectError(library, '/api/v2/sync/start', { url: newDatabase(), username: 'bob', password: 'secret-pw' }, 400, 'INVALID_ARGUMENT', /^password: the server refused the user name or password \(HTTP 401\)/);
    expect(await client.get<SyncStatus>('/sync/status')).toMatchObject({ state: 'off', url: null });
    expect(await client.post('/sync/stop', {})).toBe(true);
  });

  it('checks a database URL and credentials without starting sync or creating the database (sync/check); a member who may not create the files database is told an admin must', async () => {
    const { client, library } = await isolatedClient();
    // A user who is no server admin (the test server runs without admins).
    const user = `carol-${Math.random().toString(36).slice(2, 8)}`;
    const made = await fetch(`${couch}/_users/org.couchdb.user:${user}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: user, password: 'carol-pw', roles: [], type: 'user' }),
    });
    expect(made.status).toBe(201);
    const missing = newDatabase();
    const name = missing.slice(couch.length + 1);
    expect(await client.post('/sync/check', { url: missing })).toEqual({
      url: missing, server: 'PouchDB Server', version: '4.2.0', user: null, database: { name, exists: false, documents: null, canCreate: true },
    });
    expect((await fetch(missing)).status).toBe(404);
    expect(await client.post('/sync/check', { url: missing, username: user, password: 'carol-pw' })).toMatchObject({ user, database: { exists: false, canCreate: false } });

    await fetch(missing, { method: 'PUT' });
    await fetch(`${missing}/_bulk_docs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ docs: [{ _id: 'one' }, { _id: 'two' }] }) });
    expect(await client.post('/sync/check', { url: missing, username: user, password: 'carol-pw' })).toMatchObject({ user, database: { name, exists: true, documents: 2, canCreate: null } });

    await expectError(library, '/api/v2/sync/check', { url: missing, username: user, password: 'wrong-pw' }, 400, 'INVALID_ARGUMENT', /^password: the server refused the user name or password \(HTTP 401\)/);
    await expectError(library, '/api/v2/sync/check', { url: 'http://127.0.0.1:9/photos' }, 503, 'UNAVAILABLE', /^url: the server at http:\/\/127\.0\.0\.1:9 did not answer/);
    await expectError(library, '/api/v2/sync/check', { url: `${location.origin}/photos` }, 400, 'INVALID_ARGUMENT', /^url: .* is not a CouchDB server/);
    await expectError(library, '/api/v2/sync/check', { url: 'ftp://127.0.0.1/db' }, 400, 'INVALID_ARGUMENT', /url/);
    expect(await client.get<SyncStatus>('/sync/status')).toMatchObject({ state: 'off', url: null });

    // The member starts syncing the database the admin made: the metadata goes up, and the status
    // says the files database is missing and who must create it (never trying to: pouchdb-server 4.2
    // crashes on a non-admin's create); once the admin made it, files go up.
    await client.post('/item/add', { name: 'notes', ext: 'txt', base64: btoa('hello') });
    expect(await client.post<SyncStatus>('/sync/start', { url: missing, username: user, password: 'carol-pw' })).toMatchObject({ url: missing });
    const withoutFiles = await client.post<SyncStatus>('/sync/run', {});
    expect(withoutFiles.pushed).toBeGreaterThan(0);
    expect(withoutFiles).toMatchObject({ state: 'error', error: `Files do not sync: the database ${name}-files does not exist and ${user} may not create it; a server admin must create it once (PUT ${missing}-files).` });
    expect(JSON.stringify(withoutFiles)).not.toContain('carol-pw');
    expect((await fetch(`${couch}/`)).status).toBe(200);
    expect((await fetch(`${missing}-files`, { method: 'PUT' })).status).toBe(201);
    expect(await client.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    const files = (await (await fetch(`${missing}-files/_all_docs`)).json()) as { rows: { id: string }[] };
    expect(files.rows.map((row) => row.id)).toEqual([expect.stringMatching(/^original:/)]);
  }, 60_000);

  it('replicates a library to another one through the server, and an edit on one reaches the other', async () => {
    const [{ client: a }, { client: b, library: libraryB }] = [await isolatedClient(), await isolatedClient()];
    const url = newDatabase();
    const parent = await a.post<{ id: string }>('/folder/create', { name: 'Trips' });
    const child = await a.post<{ id: string }>('/folder/create', { name: 'Alps', parent: parent.id });
    await a.post('/tagGroup/create', { name: 'Animals', tags: ['cat'] });
    await a.post('/item/add', {
      items: Array.from({ length: 30 }, (_, i) => ({ name: `page ${String(i).padStart(2, '0')}`, bookmarkURL: `https://example.com/${i}`, tags: [i % 2 ? 'cat' : 'dog'], folders: [i % 3 ? child.id : parent.id] })),
    });
    const mine = await items(a);
    expect(mine).toHaveLength(30);

    const started = await a.post<SyncStatus>('/sync/start', { url });
    expect(started).toMatchObject({ state: 'connecting', url, error: null });
    expect(await a.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null, pending: 0 });
    await b.post('/sync/start', { url });
    // While B's first pull runs, its status tells how far it got, of the server database's doc_count.
    const { doc_count: total } = (await (await fetch(url)).json()) as { doc_count: number };
    const seen: NonNullable<SyncStatus['firstPull']>[] = [];
    let pulling = true;
    const watching = (async () => {
      while (pulling) {
        const pull = (await b.get<SyncStatus>('/sync/status')).firstPull;
        if (pull) seen.push(pull);
        await new Promise((wait) => setTimeout(wait, 10));
      }
    })();
    const pulled = await b.post<SyncStatus>('/sync/run', {}).finally(() => (pulling = false));
    await watching;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((pull) => pull.total === total && pull.received <= total)).toBe(true);
    expect(pulled.firstPull).toBeNull();
    expect(pulled).toMatchObject({ state: 'idle', error: null });
    expect(pulled.pulled).toBeGreaterThanOrEqual(33);
    expect(await items(b)).toEqual(await items(a));
    expect(await b.get('/folder/get')).toEqual(await a.get('/folder/get'));
    expect(await b.get('/tagGroup/get')).toEqual(await a.get('/tagGroup/get'));

    const first = mine[0]!;
    await a.post('/item/update', { id: first.id, name: 'renamed on A', tags: ['cat', 'new'] });
    await a.post('/sync/run', {});
    await b.post('/sync/run', {});
    expect((await b.get<{ data: Item[] }>('/item/get', { id: first.id })).data[0]).toMatchObject({ name: 'renamed on A', tags: ['cat', 'new'] });
    expect(await b.get<SyncStatus>('/sync/status')).toMatchObject({ state: 'idle', url, error: null });

    // sync/watch: nothing new on the server, so a short watch ends unchanged; a held one ends when A's next edit arrives there.
    expect(await b.post('/sync/watch', { timeout: 300 })).toEqual({ changed: false });
    await expectError(libraryB, '/api/v2/sync/watch', { timeout: 60_000 }, 400, 'INVALID_ARGUMENT', /^timeout: 0 to 25000 ms/);
    const watched = b.post<{ changed: boolean }>('/sync/watch', {});
    await a.post('/item/update', { id: first.id, annotation: 'watched from B' });
    await a.post('/sync/run', {});
    expect(await watched).toEqual({ changed: true });
    await b.post('/sync/run', {});
    expect((await b.get<{ data: Item[] }>('/item/get', { id: first.id })).data[0]).toMatchObject({ annotation: 'watched from B' });

    // A worker stopped in the middle of a cycle: the next cycle picks up, nothing lost or doubled.
    await b.post('/item/update', { id: first.id, star: 5 });
    const cut = b.post('/sync/run', {}).catch(() => undefined);
    await stopServiceWorkers();
    await cut;
    await b.post('/sync/run', {});
    await a.post('/sync/run', {});
    expect(await items(a)).toEqual(await items(b));
    expect((await a.get<{ data: Item[] }>('/item/get', { id: first.id })).data[0]).toMatchObject({ star: 5, name: 'renamed on A' });

    expect(await b.post('/sync/stop', {})).toBe(true);
    expect(await b.get<SyncStatus>('/sync/status')).toMatchObject({ state: 'off' });
    expect(await items(b)).toHaveLength(30);
  }, 60_000);

  // sync/start writes its settings, forgets the old marks and writes the first status in one
  // transaction (src/core/sync/sync.service.ts). An older start cut between those writes by a
  // stopped worker left settings with no status: sync/status answered "off" for good, no cycle ran,
  // and a start sent again did not mend it. A start that finds no status stored starts afresh.
  it('a start sent again after one cut between its writes (settings, no status) starts afresh and replicates', async () => {
    const { client, library } = await isolatedClient();
    const { id } = await client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.com/cut-start' });
    const url = newDatabase();
    await client.post('/sync/start', { url });
    // What the cut left: the worker stopped, the settings stored, the status not.
    await stopServiceWorkers();
    const db = new LibraryDb(`lam/library${library}`);
    await db.state.delete(SYNC_STATUS_KEY);
    db.close();
    expect(await client.get<SyncStatus>('/sync/status')).toMatchObject({ state: 'off' });

    expect(await client.post<SyncStatus>('/sync/start', { url })).toMatchObject({ state: 'connecting', url, error: null });
    expect(await client.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', url, error: null, pending: 0 });
    const server = (await (await fetch(`${url}/_all_docs`)).json()) as { rows: { id: string }[] };
    expect(server.rows.map((row) => row.id)).toContain(`item:${id}`);
    expect(await client.post('/sync/stop', {})).toBe(true);
  });

  it('removing a library that synced deletes its replica too, also after sync/stop', async () => {
    const { client, library } = await isolatedClient();
    await client.post('/item/add', { bookmarkURL: 'https://example.com/synced' });
    await client.post('/sync/start', { url: newDatabase() });
    expect(await client.post<SyncStatus>('/sync/run', {})).toMatchObject({ state: 'idle', error: null });
    expect(await client.post('/sync/stop', {})).toBe(true);
    const replicas = async () => (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.startsWith('_pouch_') && name.endsWith(`${library}/sync`));
    expect(await replicas()).toHaveLength(1);
    expect(await client.post('/library/remove', { libraryPath: library })).toBe(true);
    expect(await replicas()).toEqual([]);
  });
});
