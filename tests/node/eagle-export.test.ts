// Exporting a library in Eagle's format, and the round trip export → import, on fake-indexeddb.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { zipTree, type ImportState, type LibraryTree } from '../../src/core/eagle-library';
import { buildEagleLibrary, PNG_1X1, zipOf } from './fixtures/eagle-library';
import { call, makeApi, newLibrary, withoutUrlLibrary } from './helpers';

async function importZip(api: Api, zip: Blob): Promise<ImportState> {
  const response = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true', { method: 'POST', body: zip }));
  return ((await response.json()) as { data: ImportState }).data;
}

async function exportZip(api: Api, library: string): Promise<Response> {
  return api.handle(new Request('http://localhost/api/v2/library/export', { headers: { 'X-Library-Path': library } }));
}

async function filesOf(tree: LibraryTree, dir = ''): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const entry of await tree.list(dir)) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.kind === 'directory') for (const [p, b] of await filesOf(tree, path)) out.set(p, b);
    else out.set(path, new Uint8Array(await (await tree.read(path))!.arrayBuffer()));
  }
  return out;
}

const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('Eagle library export', () => {
  it('writes every item folder of the source byte for byte, and root files by the checklist', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Round' });
    const state = await importZip(api, await zipOf(fixture));
    const response = await exportZip(api, state.libraryPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toContain('Round.library.zip');
    const tree = await zipTree(await response.blob(), 'x');
    expect(tree.folderName).toBe('Round.library');
    const exported = await filesOf(tree);

    // Every item file (record, original, thumbnail) the source held, byte for byte; nothing of the broken ones.
    for (const [path, bytes] of fixture.files) {
      if (!path.startsWith('images/') || path.endsWith('Thumbs.db') || path.endsWith('.DS_Store')) continue;
      if ([...fixture.broken.keys()].some((name) => path.includes(name))) continue;
      expect(exported.get(path), path).toEqual(bytes);
    }
    const itemPaths = [...exported.keys()].filter((p) => p.startsWith('images/'));
    expect(new Set(itemPaths.map((p) => p.split('/')[1])).size).toBe(200);

    const root = JSON.parse(decode(exported.get('metadata.json')));
    expect(decode(exported.get('metadata.json'))).toBe(JSON.stringify(root)); // compact
    expect(root.applicationVersion).toBe('4.0.0');
    expect(Object.keys(root)).toEqual(['applicationVersion', 'folders', 'smartFolders', 'quickAccess', 'tagsGroups', 'modificationTime']);
    const source = JSON.parse(decode(fixture.files.get('metadata.json')));
    expect(root.folders).toEqual(source.folders);
    expect(root.smartFolders).toEqual(source.smartFolders);
    expect(root.tagsGroups).toEqual(source.tagsGroups);
    expect(root.quickAccess).toEqual(source.quickAccess);
    const mtime = JSON.parse(decode(exported.get('mtime.json')));
    expect(Object.keys(mtime).at(-1)).toBe('all');
    expect(mtime.all).toBe(200);
    for (const [id, record] of fixture.records) {
      expect(mtime[id]).toBe(record.lastModified);
      expect(root.modificationTime).toBeLessThan(Number(record.lastModified));
    }
    expect(JSON.parse(decode(exported.get('tags.json')))).toEqual({ historyTags: fixture.historyTags, starredTags: fixture.starredTags });
    expect(exported.get('saved-filters.json')).toEqual(fixture.files.get('saved-filters.json'));
    expect(decode(exported.get('actions.json'))).toBe('[]');
    expect((await tree.list('')).find((e) => e.name === 'backup')?.kind).toBe('directory');
  }, 60_000);

  it('writes an item or folder edited after the import with its change, keeping what is not modelled', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Edited', items: 20 });
    const state = await importZip(api, await zipOf(fixture));
    const library = state.libraryPath;
    const source = fixture.records.get([...fixture.records.keys()][14]!)!;
    const updated = await call<any>(api, 'POST', '/item/update', { id: source.id, tags: ['changed'], star: 3 }, { library });
    expect(updated.httpStatus).toBe(200);
    expect((await call(api, 'POST', '/folder/update', { id: fixture.folderIds.grandchild, name: 'Cubs' }, { library })).httpStatus).toBe(200);
    const files = await filesOf(await zipTree(await (await exportZip(api, library)).blob(), 'x'));
    const written = JSON.parse(decode(files.get(`images/${String(source.id)}.info/metadata.json`)));
    expect(Object.keys(written)).toEqual(Object.keys(source));
    expect(written).toEqual({ ...source, tags: ['changed'], star: 3, mtime: updated.data.modificationTime, lastModified: updated.data.modificationTime });
    expect(JSON.parse(decode(files.get('mtime.json')))[String(source.id)]).toBe(updated.data.modificationTime);
    const kittens = JSON.parse(decode(files.get('metadata.json'))).folders[0].children[0].children[0];
    expect(kittens).toMatchObject({ name: 'Cubs', password: '1234', passwordTips: 'digits', iconColor: 'pink' });
  }, 30_000);

  it('exports items and folders made here (not imported) into a library that imports back equal', async () => {
    const api = makeApi();
    const library = await newLibrary(api, 'Native');
    const folder = await call<any>(api, 'POST', '/folder/create', { name: 'Made here', iconColor: 'blue' }, { library });
    const png = btoa(String.fromCharCode(...PNG_1X1));
    await call(api, 'POST', '/item/add', { items: [
      { name: 'dot', base64: png, tags: ['a'], folders: [folder.data.id], star: 4, annotation: 'tiny' },
      { name: 'site', bookmarkURL: 'https://example.org/x', tags: ['b'] },
    ] }, { library });
    await call(api, 'POST', '/tagGroup/create', { name: 'Letters', tags: ['a', 'b'], color: 'red' }, { library });
    const exported = await (await exportZip(api, library)).blob();
    const files = await filesOf(await zipTree(exported, 'x'));
    const dot = [...files.keys()].find((path) => path.endsWith('/dot.png'))!;
    expect(files.get(dot)).toEqual(PNG_1X1);
    const bookmark = [...files.keys()].find((path) => path.endsWith('/site.url'))!;
    expect(decode(files.get(bookmark))).toBe('[InternetShortcut]\nURL=https://example.org/x\n     ');
    const back = await importZip(api, exported);
    expect(back).toMatchObject({ status: 'done', libraryName: 'Native (2)', imported: 2, broken: [] });
    const items = async (path: string) =>
      (await call<any>(api, 'GET', '/item/get', { limit: 10, orderBy: 'NAME' }, { library: path })).data.data.map(({ thumbnailURL, fileURL, thumbnailReady, ...rest }: any) => ({ ...rest, hasFile: fileURL !== '' }));
    expect(await items(back.libraryPath)).toEqual(await items(library));
    const info = async (path: string) => {
      const { name, path: p, modificationTime, ...rest } = (await call<any>(api, 'GET', '/library/info', {}, { library: path })).data;
      return rest;
    };
    expect(await info(back.libraryPath)).toEqual(await info(library));
  }, 30_000);

  it('round trip: export, re-import into a fresh library, every item, folder, smart folder, tag group and file equal', async () => {
    const api = makeApi();
    const fixture = buildEagleLibrary({ name: 'Trip', items: 60 });
    const first = await importZip(api, await zipOf(fixture));
    const exported = await (await exportZip(api, first.libraryPath)).blob();
    const second = await importZip(api, exported);
    expect(second).toMatchObject({ status: 'done', libraryName: 'Trip (2)', imported: 60, skipped: 0, broken: [] });
    const read = async (library: string) => {
      const items = await call<any>(api, 'GET', '/item/get', { limit: 1000 }, { library });
      const trash = await call<any>(api, 'GET', '/item/get', { limit: 1000, isDeleted: true }, { library });
      const info = await call<any>(api, 'GET', '/library/info', {}, { library });
      const all = [...items.data.data, ...trash.data.data].sort((a: any, b: any) => a.id.localeCompare(b.id));
      const files = await Promise.all(all.map(async (item: any) => {
        const file = await api.handle(new Request(`http://localhost/api/v2/item/file?id=${item.id}`, { headers: { 'X-Library-Path': library } }));
        const thumb = await api.handle(new Request(`http://localhost/api/v2/item/thumbnail?id=${item.id}`, { headers: { 'X-Library-Path': library } }));
        const comments = await call<any>(api, 'GET', '/item/getComments', { id: item.id }, { library });
        return [new Uint8Array(await file.arrayBuffer()), new Uint8Array(await thumb.arrayBuffer()), comments.data];
      }));
      const { name, path, modificationTime, ...rest } = info.data;
      return { items: all, files, info: rest };
    };
    const a = await read(first.libraryPath);
    const b = await read(second.libraryPath);
    expect(withoutUrlLibrary(b.items)).toEqual(withoutUrlLibrary(a.items));
    expect(b.info).toEqual(a.info);
    expect(b.files).toEqual(a.files);
    // And the export of the re-import is the same zip content as the first export.
    const again = await filesOf(await zipTree(await (await exportZip(api, second.libraryPath)).blob(), 'x'));
    const once = await filesOf(await zipTree(exported, 'x'));
    expect([...again.keys()].sort()).toEqual([...once.keys()].sort());
    for (const [path, bytes] of once) if (path !== 'metadata.json') expect(again.get(path), path).toEqual(bytes);
  }, 60_000);
});
