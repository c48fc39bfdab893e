// An import into a new library and a subscribe make the library's registry entry before anything
// is stored in it, marked unfinished until what makes it one is stored (the import's state, the
// read-only mark). A worker stopped in between left an empty entry that kept its name from the
// next try; a later worker's start takes such entries back (src/core/storage/take-back-library.ts),
// once they are older than any maker's steps. The stopped worker's state is made with the entry
// it would leave, as in request-keys.test.ts.
import { describe, expect, it } from 'vitest';
import { ImportRegistry } from '../../src/core/eagle-library/import-state';
import { ReadOnlyLibraries } from '../../src/core/publish/subscription-state';
import { UNFINISHED_FOR_MS } from '../../src/core/storage/take-back-library';
import { makeApi, newLibrary } from './helpers';
import { BOOKMARKS_HTML } from './fixtures/other-exports';

const databaseNames = async () => (await indexedDB.databases()).map((db) => db.name);

function clockedApi() {
  let now = Date.UTC(2026, 11, 4, 10);
  const namespace = `unfinished-${Math.random().toString(36).slice(2)}`;
  const api = makeApi({ namespace, clock: () => now });
  return { api, namespace, later: (ms: number) => (now += ms) };
}

describe('libraries left unfinished by a stopped worker', () => {
  it('are taken back at a later start with their database, mark and import entries; newer ones, finished ones and the current one stay', async () => {
    const { api, namespace, later } = clockedApi();
    const current = await newLibrary(api);
    // A subscribe cut after its library was made and marked: the entry, the mark, and the database its first open made.
    const cut = await api.registry.createKeepingName('Brand kit', { unfinished: true });
    const marks = new ReadOnlyLibraries(namespace);
    await marks.add(cut.path, 'https://example.com/published/');
    await api.open(cut).db.open();
    // An import into a new library cut after it was listed, before its state was stored.
    const imports = new ImportRegistry(namespace);
    const cutImport = (await api.registry.createUnique('Photos', undefined, { unfinished: true })).record;
    await imports.add('import-cut', cutImport.path);
    const made = api.open(cut).db.name;
    expect(await databaseNames()).toContain(made);
    // Too young to be a stopped maker's: it may still be under way in a worker handing over.
    expect(await api.takeBackUnfinished()).toEqual([]);
    later(UNFINISHED_FOR_MS / 2);
    const young = await api.registry.createKeepingName('Young', { unfinished: true });
    const finished = await api.registry.createKeepingName('Finished', { unfinished: true });
    await api.registry.finished(finished.path);
    later(UNFINISHED_FOR_MS / 2 + 1);

    const gone = await api.takeBackUnfinished();
    expect(gone.map((record) => record.path).sort()).toEqual([cut.path, cutImport.path].sort());
    expect(await api.registry.find(cut.path)).toBeUndefined();
    expect(await api.registry.find(cutImport.path)).toBeUndefined();
    expect(await databaseNames()).not.toContain(made);
    expect(await imports.all()).toEqual([]);
    expect(await marks.sourceOf(cut.path)).toBeUndefined();
    for (const path of [current, young.path, finished.path]) expect(await api.registry.find(path)).toBeDefined();
    // The names are free again: the next try gets them, not "Brand kit (2)".
    expect((await api.registry.createKeepingName('Brand kit')).path).toBe(cut.path);
  });

  it('an import into a new library that stored its state is finished, and stays', async () => {
    const { api, later } = clockedApi();
    const current = await newLibrary(api);
    const answer = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true&into=new&fileName=bookmarks.html', { method: 'POST', headers: { 'X-Library-Path': current }, body: new Blob([BOOKMARKS_HTML]) }));
    const { data } = (await answer.json()) as { data: { status: string; libraryPath: string } };
    expect(data.status).toBe('done');
    expect((await api.registry.find(data.libraryPath))?.unfinishedSince).toBeUndefined();
    later(UNFINISHED_FOR_MS * 2);
    expect(await api.takeBackUnfinished()).toEqual([]);
    expect(await api.registry.find(data.libraryPath)).toBeDefined();
  });
});
