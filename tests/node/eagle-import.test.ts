// Importing Eagle libraries built from the format note, through the API on fake-indexeddb.
import { describe, expect, it } from 'vitest';
import { call, makeApi, newLibrary, type Answer } from './helpers';
import { expectItemCountsMatchRows } from './fixtures/index-rebuild';
import { buildEagleLibrary, expectedItem, filesOf, WEBP_1X1, zipOf, type Fixture } from './fixtures/eagle-library';
import type { Api, ChangeEvent } from '../../src/core';
import { fileListTree, zipOfTree, type ImportState } from '../../src/core/eagle-library';

async function importZip(api: Api, zip: Blob, query = '', library?: string): Promise<Answer<ImportState>> {
  const headers: Record<string, string> = library ? { 'X-Library-Path': library } : {};
  const response = await api.handle(new Request(`http://localhost/api/v2/library/import?wait=true${query}`, { method: 'POST', body: zip, headers }));
  const body = (await response.json()) as Answer<ImportState>['body'];
  return { httpStatus: response.status, body, data: body.data as ImportState };
}

const bytesOf = async (api: Api, path: string, library: string) =>
  new Uint8Array(await (await api.handle(new Request(`http://localhost/api/v2${path}`, { headers: { 'X-Library-Path': library } }))).arrayBuffer());

export async function expectLibraryEquals(api: Api, library: string, fixture: Fixture): Promise<void> {
  const all = await call<{ data: Record<string, unknown>[]; total: number }>(api, 'GET', '/item/get', { limit: 1000 }, { library });
  const trash = await call<{ data: Record<string, unknown>[] }>(api, 'GET', '/item/get', { limit: 1000, isDeleted: true }, { library });
  const items = new Map([...all.data.data, ...trash.data.data].map((item) => [item.id as string, item]));
  expect(items.size).toBe(fixture.records.size);
  for (const [id, record] of fixture.records) {
    expect(items.get(id), id).toMatchObject(expectedItem(record));
    const comments = await call<unknown[]>(api, 'GET', '/item/getComments', { id }, { library });
    expect(comments.data.length, `comments of ${id}`).toBe((record.comments as unknown[] | undefined)?.length ?? 0);
    const dir = `images/${id}.info/`;
    // A bookmark's shortcut file is not stored (the export writes it again); its item has no file.
    if (record.ext === 'url') expect(items.get(id)!.fileURL).toBe('');
    else expect(await bytesOf(api, `/item/file?id=${id}`, library)).toEqual(fixture.files.get(`${dir}${String(record.name)}.${String(record.ext)}`));
  }
}

describe('Eagle library import', () => {
  it('imports a 200-item zip into a new library named after the folder, every field as the source', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Fixture' });
    const answer = await importZip(api, await zipOf(fixture));
    expect(answer.httpStatus).toBe(200);
    const state = answer.data;
    expect(state).toMatchObject({ status: 'done', libraryName: 'Fixture', libraryPath: '/libraries/Fixture.library', total: 202, imported: 200, skipped: 0 });
    expect(state.broken.map((b) => b.name).sort()).toEqual([...fixture.broken.keys()].sort());
    for (const entry of state.broken) expect(entry.reason).toContain(fixture.broken.get(entry.name)!);
    const library = state.libraryPath;
    await expectLibraryEquals(api, library, fixture);
    await expectItemCountsMatchRows(api.open((await api.registry.find(library))!).db);
    const live = [...fixture.records.values()].filter((record) => !record.isDeleted).length;
    expect((await call<number>(api, 'GET', '/item/countAll', {}, { library })).data).toBe(live);

    const info = await call<any>(api, 'GET', '/library/info', {}, { library });
    expect(info.data.folders.map((f: any) => f.name)).toEqual(['Animals', 'Other']);
    expect(info.data.folders[0].children[0]).toMatchObject({ name: 'Cats', tags: ['cat'] });
    expect(info.data.folders[0].children[0].children[0]).toMatchObject({ id: fixture.folderIds.grandchild, name: 'Kittens', iconColor: 'pink' });
    expect(info.data.folders[0]).toMatchObject({ description: 'all animals', iconColor: 'green' });
    expect(info.data.smartFolders.map((f: any) => f.name)).toEqual(['Rated cats', 'Old style']);
    expect(info.data.smartFolders[0].children[0].name).toBe('Wide');
    expect(info.data.smartFolders[1].conditions).toEqual([{ match: 'AND', boolean: 'TRUE', rules: [{ property: 'name', method: 'contain', value: 'item' }] }]);
    expect(info.data.tagGroups).toEqual([
      { id: fixture.tagGroupIds[0], name: 'Animals', tags: ['cat', 'dog'], color: 'blue', description: 'furry' },
      { id: fixture.tagGroupIds[1], name: 'State', tags: ['draft', 'final'], color: '', description: '' },
    ]);
    expect(info.data.quickAccess).toEqual([{ type: 'folder', id: fixture.folderIds.root }, { type: 'smartFolder', id: fixture.smartFolderIds.current }]);
    const starred = await call<any>(api, 'GET', '/tag/getStarredTags', {}, { library });
    expect(starred.data.data.map((t: any) => t.name)).toEqual(fixture.starredTags);
    const recent = await call<any>(api, 'GET', '/tag/getRecentTags', {}, { library });
    expect(recent.data.data.map((t: any) => t.name)).toEqual(fixture.historyTags);

    // The library's own thumbnails are used, WebP bytes in a .png name included; no job is queued.
    const webpItem = [...fixture.records.values()].find((r, i) => i % 3 === 0 && !r.noThumbnail)!;
    const thumb = await api.handle(new Request(`http://localhost/api/v2/item/thumbnail?id=${webpItem.id}`, { headers: { 'X-Library-Path': library } }));
    expect(thumb.headers.get('Content-Type')).toBe('image/webp');
    expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(WEBP_1X1);
    expect(state.thumbnailsQueued).toBe(0);
  }, 60_000);

  it('imports a picked folder (its File list, zipped on the way as the web app sends it)', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Picked', items: 40 });
    const tree = fileListTree(filesOf(fixture));
    expect(tree.folderName).toBe('Picked.library');
    const zip = await new Response(await zipOfTree(tree)).blob();
    const state = (await importZip(api, zip)).data;
    expect(state).toMatchObject({ status: 'done', libraryName: 'Picked', imported: 40, total: 42 });
    expect(state.broken.map((b) => b.name).sort()).toEqual([...fixture.broken.keys()].sort());
    await expectLibraryEquals(api, state.libraryPath, fixture);
  }, 60_000);

  it('queues a thumbnail job only for the items whose own thumbnail is missing or undecodable', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Jobs', items: 12, plain: true });
    const [unreadable, missing] = [...fixture.records.values()].filter((r) => !r.noThumbnail);
    fixture.files.set(`images/${String(unreadable!.id)}.info/${String(unreadable!.name)}_thumbnail.png`, new TextEncoder().encode('not an image at all'));
    fixture.files.delete(`images/${String(missing!.id)}.info/${String(missing!.name)}_thumbnail.png`);
    const state = (await importZip(api, await zipOf(fixture))).data;
    expect(state).toMatchObject({ status: 'done', imported: 12, thumbnailsQueued: 2 });
    const { db } = api.open(await api.registry.require(state.libraryPath));
    const jobs = (await db.jobs.toArray()).filter((job) => job.kind === 'thumbnail');
    expect(jobs.map((job) => job.itemId).sort()).toEqual([String(unreadable!.id), String(missing!.id)].sort());
  }, 30_000);

  it('imports a deflated zip too (as operating systems compress folders)', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Deflated', items: 12 });
    const { ZipWriter, BlobWriter, Uint8ArrayReader } = await import('@zip.js/zip.js');
    const writer = new ZipWriter(new BlobWriter('application/zip'), { level: 6, useWebWorkers: false });
    for (const [path, bytes] of fixture.files) await writer.add(`Deflated.library/${path}`, new Uint8ArrayReader(bytes));
    const state = (await importZip(api, await writer.close())).data;
    expect(state).toMatchObject({ status: 'done', libraryName: 'Deflated', imported: 12 });
    await expectLibraryEquals(api, state.libraryPath, fixture);
  }, 30_000);

  it('keeps smart-folder rules this project cannot evaluate, and still answers library/info and getItems', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Rules', items: 5, plain: true });
    const root = JSON.parse(new TextDecoder().decode(fixture.files.get('metadata.json')));
    const odd = { id: 'ODDRULES00001', icon: '', iconColor: '', name: 'Odd', description: '', modificationTime: 1, children: [],
      conditions: [{ match: 'OR', rules: [{ property: 'camera', method: 'contain', value: 'Leica' }, { property: 'fontActivated', method: 'activate' }, { property: 'bogus', method: 'nope', value: 3 }] }] };
    root.smartFolders.push(odd);
    fixture.files.set('metadata.json', new TextEncoder().encode(JSON.stringify(root)) as Uint8Array<ArrayBuffer>);
    const state = (await importZip(api, await zipOf(fixture))).data;
    expect(state.status).toBe('done');
    const info = await call<any>(api, 'GET', '/library/info', {}, { library: state.libraryPath });
    expect(info.httpStatus, JSON.stringify(info.body)).toBe(200);
    expect(info.data.smartFolders.at(-1).conditions).toEqual(odd.conditions);
    const items = await call<any>(api, 'GET', '/smartFolder/getItems', { smartFolderId: odd.id }, { library: state.libraryPath });
    expect(items.httpStatus, JSON.stringify(items.body)).toBe(200);
  }, 30_000);

  it('imports into the current library, skipping and counting ids it already holds', async () => {
    const api = makeApi();
    const library = await newLibrary(api, 'Target');
    const fixture = buildEagleLibrary({ items: 20, plain: true });
    const first = await importZip(api, await zipOf(fixture), '&into=current', library);
    expect(first.data).toMatchObject({ status: 'done', libraryPath: library, imported: 20, skipped: 0 });
    const again = await importZip(api, await zipOf(fixture), '&into=current', library);
    expect(again.data).toMatchObject({ status: 'done', libraryPath: library, imported: 0, skipped: 20 });
    const count = await call<number>(api, 'GET', '/item/countAll', {}, { library });
    expect(count.data).toBe(20);
  });

  it('names a second import of the same folder "Name (2)"', async () => {
    const api = makeApi();
    const zip = await zipOf(buildEagleLibrary({ name: 'Twice', items: 2, plain: true }));
    expect((await importZip(api, zip)).data.libraryName).toBe('Twice');
    expect((await importZip(api, zip)).data.libraryName).toBe('Twice (2)');
  });

  it('announces its progress on the change feed (events kind import), ending with done and its counts', async () => {
    const api = makeApi();
    const events: ChangeEvent[] = [];
    api.changes.subscribe((event) => events.push(event));
    const state = (await importZip(api, await zipOf(buildEagleLibrary({ name: 'Heard', items: 3, plain: true })))).data;
    const heard = events.filter((event) => event.kind === 'import');
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((event) => event.ids[0] === state.id && event.library === state.libraryPath)).toBe(true);
    expect(heard.at(-1)).toMatchObject({ action: 'done', details: { status: 'done', total: 3, done: 3, imported: 3 } });
  });

  it('answers 400 naming the body for an empty body, a non-zip and a zip without a library, creating nothing', async () => {
    const api = makeApi();
    for (const body of [new Blob([]), new Blob(['not a zip at all']), await zipOf({ name: 'x', files: new Map([['readme.txt', new Uint8Array([1])]]) })]) {
      const answer = await importZip(api, body);
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toMatch(/^body: /);
    }
    const history = await api.registry.find('/libraries/x.library');
    expect(history).toBeUndefined();
    const bad = await api.handle(new Request('http://localhost/api/v2/library/import?into=elsewhere', { method: 'POST', body: new Blob([]) }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^into: /);
  });

  it('reads an import by id and lists all; an unknown id is a 404', async () => {
    const api = makeApi();
    const answer = await importZip(api, await zipOf(buildEagleLibrary({ items: 3, plain: true })));
    const read = await call<ImportState>(api, 'GET', '/library/import', { id: answer.data.id });
    expect(read.data).toMatchObject({ id: answer.data.id, status: 'done', imported: 3 });
    const list = await call<ImportState[]>(api, 'GET', '/library/import');
    expect(list.data.map((s) => s.id)).toEqual([answer.data.id]);
    expect((await call(api, 'GET', '/library/import', { id: 'nope' })).httpStatus).toBe(404);
  });
});
