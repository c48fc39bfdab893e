// Backup to a folder (issue 44): the writer keeps a folder equal to the library's Eagle export,
// writing only what changed, resuming after a stop, one writer at a time. On fake-indexeddb, with
// an in-memory directory handle.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { backUpLibrary, WRITERS } from '../../src/core/backup/backup-run';
import { changeLogHead, trimItemChanges } from '../../src/core/storage/change-log';
import { zipTree, type ImportState, type LibraryTree } from '../../src/core/eagle-library';
import { buildEagleLibrary, PNG_1X1, zipOf } from './fixtures/eagle-library';
import { asHandle, MemoryDirectory } from './fixtures/memory-directory';
import { openLibrary } from './fixtures/seed-items';
import { call, makeApi } from './helpers';

async function importZip(api: Api, zip: Blob): Promise<ImportState> {
  const response = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true', { method: 'POST', body: zip }));
  return ((await response.json()) as { data: ImportState }).data;
}

async function treeFiles(tree: LibraryTree, dir = ''): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const entry of await tree.list(dir)) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.kind === 'directory') for (const [p, b] of await treeFiles(tree, path)) out.set(p, b);
    else out.set(path, new Uint8Array(await (await tree.read(path))!.arrayBuffer()));
  }
  return out;
}

async function exportFiles(api: Api, library: string): Promise<Map<string, Uint8Array>> {
  const response = await api.handle(new Request('http://localhost/api/v2/library/export', { headers: { 'X-Library-Path': library } }));
  return treeFiles(await zipTree(await response.blob(), 'x'));
}

const options = (owner = 'test') => ({ clock: Date.now, owner });

/** A library imported from the fixture, opened, with an empty backup folder. */
async function setUp(items = 30) {
  const api = makeApi();
  const fixture = buildEagleLibrary({ name: `B${Math.random().toString(36).slice(2, 8)}`, items, plain: true });
  const state = await importZip(api, await zipOf(fixture));
  const path = state.libraryPath;
  const folder = new MemoryDirectory(`${fixture.name}.library`);
  return { api, fixture, path, library: await openLibrary(api, path), folder };
}

describe('backup to a folder', () => {
  it('writes the export, then only the 10 changed items, and the folder stays equal to the export', async () => {
    const { api, path, library, folder } = await setUp();
    const first = await backUpLibrary(library, asHandle(folder), options());
    expect(first).toMatchObject({ status: 'done', items: 30 });
    expect(await folder.files()).toEqual(await exportFiles(api, path));

    const ids = (await call<any>(api, 'GET', '/item/get', { limit: 100, orderBy: 'NAME' }, { library: path })).data.data.map((item: any) => item.id as string);
    const png = btoa(String.fromCharCode(...PNG_1X1));
    for (const id of ids.slice(0, 4)) await call(api, 'POST', '/item/update', { id, tags: ['edited'] }, { library: path });
    await call(api, 'POST', '/item/update', { id: ids[4], name: 'renamed' }, { library: path });
    const added = await call<any>(api, 'POST', '/item/add', { items: [1, 2].map((n) => ({ name: `new ${n}`, base64: png })) }, { library: path });
    expect(added.httpStatus).toBe(200);
    for (const id of ids.slice(5, 7)) await call(api, 'POST', '/item/update', { id, isDeleted: true }, { library: path });
    await call(api, 'POST', '/item/update', { id: ids[7], isDeleted: true }, { library: path });
    expect((await call(api, 'POST', '/item/remove', { ids: [ids[7]] }, { library: path })).httpStatus).toBe(200);

    folder.log.writes.length = 0;
    const second = await backUpLibrary(library, asHandle(folder), options());
    // Removed: the deleted item's folder, and the renamed item's original and thumbnail under their old names.
    expect(second).toMatchObject({ status: 'done', items: 9, removed: 3 });
    const touched = new Set(folder.log.writes.filter((p) => p.startsWith('images/')).map((p) => p.split('/')[1]!.replace('.info', '')));
    expect(touched.size).toBe(9);
    for (const id of ids.slice(0, 7)) expect(touched.has(id)).toBe(true);
    // The renamed item's original changed name: the old one is gone, not left beside it.
    expect(await folder.files()).toEqual(await exportFiles(api, path));

    // A third run with nothing changed writes nothing.
    folder.log.writes.length = 0;
    expect(await backUpLibrary(library, asHandle(folder), options())).toMatchObject({ status: 'done', items: 0, files: 0, removed: 0 });
  }, 60_000);

  it('opens back through the Eagle import with every item equal', async () => {
    const { api, path, library, folder } = await setUp(12);
    await call(api, 'POST', '/item/update', { id: (await call<any>(api, 'GET', '/item/get', { limit: 1 }, { library: path })).data.data[0].id, star: 5, annotation: 'kept' }, { library: path });
    await backUpLibrary(library, asHandle(folder), options());
    const { zipOfTree, directoryHandleTree } = await import('../../src/core/eagle-library');
    const zip = await new Response(await zipOfTree(directoryHandleTree(asHandle(folder)))).blob();
    const back = await importZip(api, zip);
    expect(back).toMatchObject({ status: 'done', imported: 12, broken: [] });
    const items = async (library: string) =>
      (await call<any>(api, 'GET', '/item/get', { limit: 100, orderBy: 'NAME' }, { library })).data.data.map(({ thumbnailURL, fileURL, ...rest }: any) => rest);
    expect(await items(back.libraryPath)).toEqual(await items(path));
  }, 60_000);

  it('resumes after a stop mid-backup without starting over, and leaves the folder whole', async () => {
    const { api, path, library, folder } = await setUp();
    folder.log.failAfter = 60;
    const stopped = await backUpLibrary(library, asHandle(folder), options());
    expect(stopped.status).toBe('failed');
    expect(stopped.outcome.problem?.reason).toBe('failed');
    const before = [...folder.log.writes];
    folder.log.failAfter = undefined;
    const resumed = await backUpLibrary(library, asHandle(folder), options());
    expect(resumed.status).toBe('done');
    expect(resumed.outcome.problem).toBeUndefined();
    // Only items cut off mid-write are written again: at most those written at once (WRITERS), not the 30.
    const again = folder.log.writes.slice(before.length).filter((p) => before.includes(p));
    expect(new Set(again.map((p) => p.split('/')[1])).size).toBeLessThanOrEqual(WRITERS);
    expect(await folder.files()).toEqual(await exportFiles(api, path));
  }, 60_000);

  it('a slice stops after maxItems and the next run goes on from there', async () => {
    const { api, path, library, folder } = await setUp(25);
    expect(await backUpLibrary(library, asHandle(folder), { ...options(), maxItems: 10 })).toMatchObject({ status: 'partial', items: 10 });
    expect(await backUpLibrary(library, asHandle(folder), { ...options(), maxItems: 10 })).toMatchObject({ status: 'partial', items: 10 });
    expect(await backUpLibrary(library, asHandle(folder), { ...options(), maxItems: 10 })).toMatchObject({ status: 'done', items: 5 });
    expect(await folder.files()).toEqual(await exportFiles(api, path));
  }, 60_000);

  it('a run in slices reads on from where the last slice stopped, not from the first item', async () => {
    const { api, path, library, folder } = await setUp(300);
    let reads = 0;
    const where = library.db.items.where.bind(library.db.items);
    library.db.items.where = ((index: string) => (reads++, where(index))) as typeof library.db.items.where;
    const slices: number[] = [];
    for (let status = ''; status !== 'done'; ) {
      reads = 0;
      const slice = await backUpLibrary(library, asHandle(folder), { ...options(), maxItems: 50 });
      status = slice.status;
      slices.push(reads);
    }
    expect(slices.length).toBe(6);
    // Three pages of 100: each slice reads the page it stops in and at most the one before (the last, the end).
    for (const pages of slices) expect(pages).toBeLessThanOrEqual(2);
    expect(await folder.files()).toEqual(await exportFiles(api, path));
  }, 60_000);

  it('lets one writer in at a time: a second run while one holds the lease answers busy', async () => {
    const { library, folder } = await setUp(20);
    const [a, b] = await Promise.all([backUpLibrary(library, asHandle(folder), options('tab-a')), backUpLibrary(library, asHandle(folder), options('tab-b'))]);
    expect([a.status, b.status].sort()).toEqual(['busy', 'done']);
    const paths = folder.log.writes;
    expect(new Set(paths).size).toBe(paths.length);
  }, 60_000);

  it('starts afresh in another folder, and says when the folder is gone', async () => {
    const { api, path, library, folder } = await setUp(5);
    await backUpLibrary(library, asHandle(folder), options());
    const other = new MemoryDirectory('Other.library');
    expect(await backUpLibrary(library, asHandle(other), options())).toMatchObject({ status: 'done', items: 5 });
    expect(await other.files()).toEqual(await exportFiles(api, path));
    const gone = asHandle(other);
    (other as unknown as { keys: () => AsyncIterable<string> }).keys = async function* () {
      throw Object.assign(new Error('gone'), { name: 'NotFoundError' });
    };
    const answer = await backUpLibrary(library, gone, options());
    expect(answer.status).toBe('failed');
    expect(answer.outcome.problem?.reason).toBe('folder-gone');
  }, 60_000);
});

describe('backup from the item change log', () => {
  /** Item rows the library hands out while `work` runs (a Dexie reading hook: every get, bulkGet and query). */
  async function itemRowsRead(library: Awaited<ReturnType<typeof setUp>>['library'], work: () => Promise<unknown>): Promise<number> {
    let reads = 0;
    const count = (row: unknown) => (reads++, row);
    library.db.items.hook('reading', count);
    try {
      await work();
    } finally {
      library.db.items.hook('reading').unsubscribe(count);
    }
    return reads;
  }

  const idsOf = async (api: Api, path: string) =>
    (await call<any>(api, 'GET', '/item/get', { limit: 1000, orderBy: 'NAME' }, { library: path })).data.data.map((item: any) => item.id as string);

  it('an incremental run reads only the changed items, removals included, and the folder stays the export', async () => {
    const { api, path, library, folder } = await setUp(40);
    expect(await itemRowsRead(library, () => backUpLibrary(library, asHandle(folder), options()))).toBeGreaterThanOrEqual(40);
    const ids = await idsOf(api, path);
    for (const id of ids.slice(0, 3)) await call(api, 'POST', '/item/update', { id, annotation: 'changed' }, { library: path });
    await call(api, 'POST', '/item/update', { id: ids[3], isDeleted: true }, { library: path });
    expect((await call(api, 'POST', '/item/remove', { ids: [ids[3]] }, { library: path })).httpStatus).toBe(200);

    let second: Awaited<ReturnType<typeof backUpLibrary>> | undefined;
    const reads = await itemRowsRead(library, async () => (second = await backUpLibrary(library, asHandle(folder), options())));
    expect(second).toMatchObject({ status: 'done', items: 3, removed: 1 });
    // The three edited rows; the removed item has none left to read.
    expect(reads).toBe(3);
    expect(await folder.files()).toEqual(await exportFiles(api, path));
  }, 60_000);

  it('falls back to comparing every item when the log was trimmed past the folder', async () => {
    const { api, path, library, folder } = await setUp(20);
    await backUpLibrary(library, asHandle(folder), options());
    const ids = await idsOf(api, path);
    await call(api, 'POST', '/item/update', { id: ids[0], annotation: 'lost from the log' }, { library: path });
    await call(api, 'POST', '/item/update', { id: ids[1], annotation: 'kept in the log' }, { library: path });
    // Trimmed as the log trims itself: the entry of the first edit is gone.
    await trimItemChanges(library.db, (await changeLogHead(library.db)) - 1);
    let run: Awaited<ReturnType<typeof backUpLibrary>> | undefined;
    const reads = await itemRowsRead(library, async () => (run = await backUpLibrary(library, asHandle(folder), options())));
    expect(run).toMatchObject({ status: 'done', items: 2 });
    expect(reads).toBeGreaterThanOrEqual(20);
    expect(await folder.files()).toEqual(await exportFiles(api, path));
  }, 60_000);

  it('a change made during a sliced run is written by the next run, and an unchanged item is written once', async () => {
    const { api, path, library, folder } = await setUp(20);
    await backUpLibrary(library, asHandle(folder), options());
    const ids = (await idsOf(api, path)).sort();
    for (const id of ids.slice(0, 4)) await call(api, 'POST', '/item/update', { id, annotation: 'first' }, { library: path });
    folder.log.writes.length = 0;
    expect(await backUpLibrary(library, asHandle(folder), { ...options(), maxItems: 2 })).toMatchObject({ status: 'partial', items: 2 });
    // Mid-run: an item this run already wrote changes again, and one it was not to write changes.
    await call(api, 'POST', '/item/update', { id: ids[0], annotation: 'second' }, { library: path });
    await call(api, 'POST', '/item/update', { id: ids[10], annotation: 'second' }, { library: path });
    for (let status = ''; status !== 'done'; ) status = (await backUpLibrary(library, asHandle(folder), { ...options(), maxItems: 2 })).status;
    const metas = (from: number) => folder.log.writes.slice(from).filter((p) => p.endsWith('/metadata.json'));
    const meta = (id: string) => `images/${id}.info/metadata.json`;
    // The four items the run began with, each once, and the one that changed again once more (the slice after its change re-read it).
    expect(metas(0).sort()).toEqual([ids[0], ...ids.slice(0, 4)].map(meta).sort());
    const before = folder.log.writes.length;
    // The item changed mid-run came after the sequence the run began at: the next run reads it, and it only.
    let next: Awaited<ReturnType<typeof backUpLibrary>> | undefined;
    expect(await itemRowsRead(library, async () => (next = await backUpLibrary(library, asHandle(folder), options())))).toBe(2);
    expect(next).toMatchObject({ status: 'done', items: 1 });
    expect(metas(before)).toEqual([meta(ids[10]!)]);
    expect(await folder.files()).toEqual(await exportFiles(api, path));
  }, 60_000);
});
