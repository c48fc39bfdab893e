// library/rename and library/remove (ours; issue 24, point 12): validation, errors in the envelope,
// events, and a failed or refused write that changes nothing.
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../src/core';
import { claimReplica, replicaOf } from '../../src/core/sync/replica';
import { STEP_PREFIX } from '../../src/core/sync/sync-state';
import type { PouchConstructor } from '../../src/core/sync/pouch';
import type { LibraryDb } from '../../src/core/storage/library-db';
import { loadNodePouch } from '../sync/node-pouch';
import { ReadOnlyLibraries } from '../../src/core/publish/subscription-state';
import { createStore, get, set } from 'idb-keyval';
import { BackupDb } from '../../src/core/backup/backup-db';
import { BACKUP_FOLDERS_DB, BACKUP_FOLDERS_STORE } from '../../src/core/backup/backup-names';
import { openLibrary } from './fixtures/media';
import { call, makeApi, newLibrary } from './helpers';

interface Entry { name: string; path: string }

const history = async (api: ReturnType<typeof makeApi>) => (await call<{ data: Entry[] }>(api, 'GET', '/library/history')).data.data;

describe('library/rename', () => {
  it('renames a library; its path, items and history place stay; an event says so', async () => {
    const api = makeApi();
    const library = await newLibrary(api, 'Trips');
    await call(api, 'POST', '/library/switch', { libraryPath: library });
    await call(api, 'POST', '/item/add', { bookmarkURL: 'https://example.com/a' }, { library });
    const heard: ChangeEvent[] = [];
    api.changes.subscribe((event) => heard.push(event));
    const answer = await call<Entry>(api, 'POST', '/library/rename', { libraryPath: library, name: 'Travel 2026' });
    expect(answer.httpStatus).toBe(200);
    expect(answer.data).toEqual({ name: 'Travel 2026', path: library });
    expect((await call<Entry>(api, 'GET', '/library/info')).data).toMatchObject({ name: 'Travel 2026', path: library });
    expect(await call<number>(api, 'GET', '/item/countAll', {}, { library })).toMatchObject({ data: 1 });
    expect((await history(api))[0]).toEqual({ name: 'Travel 2026', path: library });
    expect(heard.map((e) => [e.kind, e.action, e.ids, e.details])).toEqual([['library', 'renamed', [library], { name: 'Travel 2026' }]]);
  });

  it.each([
    ['no name', { name: '' }, 400, /^name: /],
    ['a name with a slash', { name: 'a/b' }, 400, /^name: .*"\/"/],
    ['a name that is a string of 201 characters', { name: 'x'.repeat(201) }, 400, /^name: .*200/],
    ['a name given as a number', { name: 7 }, 400, /^name: /],
    ['the name of another library', { name: 'Other' }, 409, /name: .*Other/],
    ['an unknown library', { libraryPath: '/libraries/none.library', name: 'x' }, 404, /libraryPath: .*none/],
    ['a library named __proto__', { libraryPath: '__proto__', name: 'x' }, 404, /libraryPath/],
  ])('refuses %s and changes nothing', async (_case, body, status, message) => {
    const api = makeApi();
    const library = await newLibrary(api, 'Mine');
    await newLibrary(api, 'Other');
    await call(api, 'POST', '/library/switch', { libraryPath: library });
    const before = await history(api);
    const answer = await call(api, 'POST', '/library/rename', { libraryPath: library, ...body });
    expect(answer.httpStatus).toBe(status);
    expect(answer.body.status).toBe('error');
    expect(answer.body.message).toMatch(message);
    expect(await history(api)).toEqual(before);
  });

  it('frees the old name: a new library may take it, and a library may take back its own path name', async () => {
    const api = makeApi();
    const library = await newLibrary(api, 'Old');
    await call(api, 'POST', '/library/rename', { libraryPath: library, name: 'New' });
    // "Old" is no library's name now, but its path is taken by the renamed one: a clear 409.
    expect((await call(api, 'POST', '/library/create', { name: 'Old' })).httpStatus).toBe(409);
    expect((await call(api, 'POST', '/library/rename', { libraryPath: library, name: 'Old' })).data).toEqual({ name: 'Old', path: library });
    expect((await call(api, 'POST', '/library/create', { name: 'New' })).httpStatus).toBe(200);
  });
});

describe('library/remove', () => {
  it('deletes a library that is not current: its data is gone, the current one is untouched', async () => {
    const api = makeApi();
    const keep = await newLibrary(api, 'Keep');
    const gone = await newLibrary(api, 'Gone');
    await call(api, 'POST', '/library/switch', { libraryPath: gone });
    await call(api, 'POST', '/library/switch', { libraryPath: keep });
    await call(api, 'POST', '/item/add', { bookmarkURL: 'https://example.com/gone' }, { library: gone });
    const heard: ChangeEvent[] = [];
    api.changes.subscribe((event) => heard.push(event));
    expect((await call(api, 'POST', '/library/remove', { libraryPath: gone })).data).toBe(true);
    expect(await history(api)).toEqual([{ name: 'Keep', path: keep }]);
    expect((await call(api, 'GET', '/item/get', {}, { library: gone })).httpStatus).toBe(404);
    expect(heard.map((e) => [e.kind, e.action, e.ids])).toEqual([['library', 'removed', [gone]]]);
    // A library made again under the same name starts empty: the old database was deleted.
    await newLibrary(api, 'Gone');
    expect((await call<number>(api, 'GET', '/item/countAll', {}, { library: gone })).data).toBe(0);
  });

  it("forgets the removed library's backup folder and what its backup remembered, so a library of its name does not take them", async () => {
    const api = makeApi();
    await newLibrary(api, 'Keep');
    const name = `Backed-${Math.random().toString(36).slice(2, 8)}`;
    const gone = await newLibrary(api, name);
    const dbName = (await openLibrary(api, gone)).db.name;
    const folders = createStore(BACKUP_FOLDERS_DB, BACKUP_FOLDERS_STORE);
    await set(gone, { kind: 'directory', name: `${name}.library` }, folders); // a picked folder's handle stands here
    const backup = new BackupDb(dbName);
    await backup.state.put({ key: 'seq', value: 12 });
    backup.close();
    expect((await call(api, 'POST', '/library/remove', { libraryPath: gone })).data).toBe(true);
    expect(await get(gone, folders)).toBeUndefined();
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(`${dbName}/backup`);
    expect(await newLibrary(api, name)).toBe(gone);
    expect((await call(api, 'GET', '/library/backup', {}, { library: gone })).data).toMatchObject({ configured: false, lastBackupAt: 0 });

    // A removal cut short after its database went leaves the handle: a new library at the path drops it first.
    const leftOver = `/libraries/${name} again.library`;
    await set(leftOver, { kind: 'directory', name: 'old' }, folders);
    expect(await newLibrary(api, `${name} again`)).toBe(leftOver);
    expect(await get(leftOver, folders)).toBeUndefined();
  });

  it('removing the current library makes the most recently opened other one current, and tells every tab', async () => {
    const api = makeApi();
    const heard: ChangeEvent[] = [];
    api.changes.subscribe((event) => heard.push(event));
    const a = await newLibrary(api, 'A');
    const b = await newLibrary(api, 'B');
    await call(api, 'POST', '/library/switch', { libraryPath: a });
    await call(api, 'POST', '/library/switch', { libraryPath: b });
    heard.length = 0;
    expect((await call(api, 'POST', '/library/remove', { libraryPath: b })).data).toBe(true);
    expect((await call<Entry>(api, 'GET', '/library/info')).data).toMatchObject({ name: 'A', path: a });
    expect(heard.map((e) => [e.kind, e.action, e.ids])).toEqual([
      ['library', 'removed', [b]],
      ['library', 'switched', [a]],
    ]);
  });

  // What a sync cycle leaves before its replica holds documents (sync-cycle.ts): its note, or, for a
  // library that synced before the note existed, the reconcile's step rows.
  it.each([
    ['a cycle noted it', (db: LibraryDb, PouchDB: PouchConstructor) => claimReplica(db, PouchDB)],
    ['it synced before cycles noted it (its step rows tell)', (db: LibraryDb) => db.state.put({ key: `${STEP_PREFIX}item:one`, value: '1-abc' })],
  ])('deletes the sync replica too (it outlives sync/stop, not the library) when %s', async (_case, leave) => {
    const api = makeApi({ loadPouch: loadNodePouch });
    await newLibrary(api, 'Keep');
    const gone = await newLibrary(api, 'Synced');
    const { db } = api.open(await api.registry.require(gone));
    const PouchDB = await loadNodePouch();
    await leave(db, PouchDB);
    await new PouchDB(replicaOf(db.name)).put({ _id: 'item:one' });
    expect((await new PouchDB(replicaOf(db.name)).info()).doc_count).toBe(1);
    expect((await call(api, 'POST', '/library/remove', { libraryPath: gone })).data).toBe(true);
    expect((await new PouchDB(replicaOf(db.name)).info()).doc_count).toBe(0);
  });

  it('a library made at the path of one whose removal was cut short starts empty and writable', async () => {
    const namespace = `cut-removal-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const api = makeApi({ namespace });
    await newLibrary(api, 'Keep');
    const gone = await newLibrary(api, 'Gone');
    await call(api, 'POST', '/item/add', { items: [{ bookmarkURL: 'https://e.test/1' }, { bookmarkURL: 'https://e.test/2' }] }, { library: gone });
    // What a worker stopped right after the registry entry went leaves: the database, and a published library's mark.
    await new ReadOnlyLibraries(namespace).add(gone, 'https://example.com/published/');
    await api.registry.remove(gone);
    const again = await newLibrary(api, 'Gone');
    expect(again).toBe(gone);
    expect((await call<number>(api, 'GET', '/item/countAll', {}, { library: again })).data).toBe(0);
    expect((await call(api, 'POST', '/item/add', { items: [{ bookmarkURL: 'https://e.test/new' }] }, { library: again })).httpStatus).toBe(200);
  });

  it("a new library's first cycle does not take a removed library's replica left under its path", async () => {
    const api = makeApi({ loadPouch: loadNodePouch });
    const path = await newLibrary(api, 'Reused name');
    const { db } = api.open(await api.registry.require(path));
    const PouchDB = await loadNodePouch();
    // Left by a library of the same path removed before removals deleted replicas.
    await new PouchDB(replicaOf(db.name)).put({ _id: 'item:stale' });
    await claimReplica(db, PouchDB);
    expect((await new PouchDB(replicaOf(db.name)).info()).doc_count).toBe(0);
    // Once claimed, the replica is this library's: a later cycle keeps it.
    await new PouchDB(replicaOf(db.name)).put({ _id: 'item:mine' });
    await claimReplica(db, PouchDB);
    expect((await new PouchDB(replicaOf(db.name)).info()).doc_count).toBe(1);
  });

  it('loads no PouchDB to remove a library that never synced', async () => {
    const errors: unknown[] = [];
    const api = makeApi({ loadPouch: () => Promise.reject(new Error('PouchDB was loaded')), onBackgroundError: (error) => errors.push(error) });
    await newLibrary(api, 'Keep');
    const gone = await newLibrary(api, 'Never synced');
    await call(api, 'POST', '/item/add', { bookmarkURL: 'https://example.com/a' }, { library: gone });
    expect((await call(api, 'POST', '/library/remove', { libraryPath: gone })).data).toBe(true);
    expect(errors).toEqual([]);
  });

  it.each([
    ['an unknown library', '/libraries/none.library', 404, /libraryPath: .*none/],
    ['toString', 'toString', 404, /libraryPath/],
    ['no libraryPath', undefined, 400, /^libraryPath: /],
  ])('refuses %s and changes nothing', async (_case, libraryPath, status, message) => {
    const api = makeApi();
    await newLibrary(api, 'Stays');
    const before = await history(api);
    const answer = await call(api, 'POST', '/library/remove', { libraryPath });
    expect(answer.httpStatus).toBe(status);
    expect(answer.body.message).toMatch(message);
    expect(await history(api)).toEqual(before);
  });

  it('refuses to remove the last library (409): every request needs one', async () => {
    const api = makeApi();
    const only = (await call<Entry>(api, 'GET', '/library/info')).data.path;
    const answer = await call(api, 'POST', '/library/remove', { libraryPath: only });
    expect(answer.httpStatus).toBe(409);
    expect(answer.body.message).toMatch(/only library/);
    expect((await call<Entry>(api, 'GET', '/library/info')).data.path).toBe(only);
  });
});
