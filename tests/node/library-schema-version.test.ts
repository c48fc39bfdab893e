// A library's database is built with the current schema alone once the registry has noted that it
// is at the current version, and with the whole chain of versions and their upgrade steps
// otherwise: an old database, or one whose version nobody noted, still upgrades
// (docs/decisions/service-worker-startup.md).
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/core';
import { LIBRARY_UPGRADES } from '../../src/core/library-upgrades';
import { LIBRARY_VERSION, LibraryDb } from '../../src/core/storage/library-db';
import { LibraryRegistry } from '../../src/core/storage/registry';
import { STORES_WITH_TERMS_TABLE } from './fixtures/before-terms-in-rows';
import { makeItemRow } from './fixtures/item-rows';
import { call, newLibrary } from './helpers';

const uniqueNamespace = (what: string) => `${what}-${process.pid}-${Math.random().toString(36).slice(2)}`;
const recordOf = async (namespace: string, path: string) => new LibraryRegistry(namespace, Date.now, 'test').require(path);

/** Every table with its primary key and indexes, as the database itself has them. */
async function layoutOf(name: string) {
  const db = new Dexie(name);
  await db.open();
  const layout = db.tables
    .map((table) => [table.name, table.schema.primKey.src, table.schema.indexes.map((index) => index.src).sort()] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const version = db.verno;
  db.close();
  return { version, layout };
}

describe('the schema a library database is built with', () => {
  afterEach(() => vi.restoreAllMocks());

  it('declares the whole chain until the version is noted, then only the current one', async () => {
    const namespace = uniqueNamespace('schema-version');
    const first = createApi({ namespace });
    const declared = vi.spyOn(LibraryDb.prototype, 'version');
    const library = await newLibrary(first);
    expect((await recordOf(namespace, library)).schemaVersion).toBeUndefined();
    expect((await call(first, 'POST', '/item/add', { bookmarkURL: 'https://example.com/a', tags: ['sea'] }, { library })).httpStatus).toBe(200);
    expect(declared).toHaveBeenCalledTimes(LIBRARY_VERSION);
    await vi.waitFor(async () => expect((await recordOf(namespace, library)).schemaVersion).toBe(LIBRARY_VERSION));
    first.close();

    declared.mockClear();
    const restarted = createApi({ namespace });
    expect((await call<number>(restarted, 'GET', '/item/countAll', {}, { library })).data).toBe(1);
    expect(declared.mock.calls).toEqual([[LIBRARY_VERSION]]);
    expect((await call(restarted, 'POST', '/item/add', { bookmarkURL: 'https://example.com/b', tags: ['sea'] }, { library })).httpStatus).toBe(200);
    expect((await call<{ data: unknown[] }>(restarted, 'GET', '/item/get', { tags: 'sea' }, { library })).data.data).toHaveLength(2);
    restarted.close();
  });

  it('gives a database the same tables and indexes whether built by the chain or at the current version', async () => {
    const chained = uniqueNamespace('schema-chain');
    const direct = uniqueNamespace('schema-direct');
    const a = new LibraryDb(chained, undefined, LIBRARY_UPGRADES);
    await a.open();
    a.close();
    const b = new LibraryDb(direct, undefined, 'at-current-version');
    await b.open();
    b.close();
    const fromChain = await layoutOf(chained);
    expect(fromChain.version).toBe(LIBRARY_VERSION);
    expect(await layoutOf(direct)).toEqual(fromChain);

    // A database the chain made opens at the current version with its rows as they were.
    const row = makeItemRow({ id: 'ITEM1', name: 'photo' });
    const writer = new LibraryDb(chained, undefined, LIBRARY_UPGRADES);
    await writer.items.put(row);
    writer.close();
    const reader = new LibraryDb(chained, undefined, 'at-current-version');
    expect(await reader.items.get(row.pk)).toEqual(row);
    reader.close();
    expect(await layoutOf(chained)).toEqual(fromChain);
  });

  it('still upgrades an old database whose record has no version, or an older one, and notes the version after', async () => {
    for (const noted of [undefined, LIBRARY_VERSION - 1]) {
      const namespace = uniqueNamespace('schema-upgrade');
      const api = createApi({ namespace });
      const library = await newLibrary(api);
      if (noted !== undefined) await new LibraryRegistry(namespace, Date.now, 'test').noteSchemaVersion(library, noted);
      // The library's database as version 8 left it: search terms in a table of their own.
      const old = new Dexie(`${namespace}/library${library}`);
      old.version(8).stores(STORES_WITH_TERMS_TABLE);
      const rows = Array.from({ length: 5 }, (_, i) => makeItemRow({ id: `ITEM${i}`, name: `photo w${i}`, importedAt: 1_700_000_000_000 + i }));
      const search = (i: number) => ({ terms: ['photo', `w${i}`], text: `photo w${i}` });
      await old.table('items').bulkAdd(rows.map(({ search: _, ...row }) => row));
      await old.table('terms').bulkAdd(rows.map((row, i) => ({ pk: row.pk, ...search(i) })));
      old.close();

      const declared = vi.spyOn(LibraryDb.prototype, 'version');
      expect((await call<number>(api, 'GET', '/item/countAll', {}, { library })).data).toBe(5);
      expect(declared).toHaveBeenCalledTimes(LIBRARY_VERSION);
      declared.mockRestore();
      // Version 9's step ran: the terms are in the rows and their table is gone.
      expect((await layoutOf(`${namespace}/library${library}`)).layout.map(([table]) => table)).not.toContain('terms');
      const upgraded = new Dexie(`${namespace}/library${library}`);
      await upgraded.open();
      const stored = (await upgraded.table('items').toArray()) as typeof rows;
      upgraded.close();
      expect(new Map(stored.map((row) => [row.pk, row.search]))).toEqual(new Map(rows.map((row, i) => [row.pk, search(i)])));
      await vi.waitFor(async () => expect((await recordOf(namespace, library)).schemaVersion).toBe(LIBRARY_VERSION));
      api.close();
    }
  });

  it('notes no version while an upgrade fails: the database stays as it was', async () => {
    const name = uniqueNamespace('schema-failed-upgrade');
    const old = new Dexie(name);
    old.version(8).stores(STORES_WITH_TERMS_TABLE);
    await old.table('items').add(makeItemRow({ id: 'ITEM1', name: 'photo' }));
    old.close();
    const failing = new LibraryDb(name, undefined, { 9: async () => Promise.reject(new Error('stopped mid-upgrade')) });
    const ready = vi.fn();
    failing.on('ready', ready);
    await expect(failing.open()).rejects.toThrow(/stopped mid-upgrade/);
    failing.close();
    expect(ready).not.toHaveBeenCalled();
    const after = await layoutOf(name);
    expect(after.version).toBe(8);
    expect(after.layout.map(([table]) => table)).toContain('terms');
  });
});
