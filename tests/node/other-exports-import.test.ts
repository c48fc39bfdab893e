// Other tools' exports through library/import on fake-indexeddb: bookmark files and Google Takeout.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { bookmarksPlan } from '../../src/core/eagle-library/bookmarks-plan';
import { decodeEntities } from '../../src/core/eagle-library/html-tokens';
import type { ImportState } from '../../src/core/eagle-library';
import { matchSidecars } from '../../src/core/eagle-library/takeout-sidecars';
import { call, makeApi, newLibrary, type Answer } from './helpers';
import { bookmarksDeclaring, utf16, windows1252 } from './fixtures/bookmark-encodings';
import { BOOKMARKS_HTML, LONG_NAME, LONG_SIDECAR, takeoutFiles, zipOfFiles } from './fixtures/other-exports';

type Item = { id: string; name: string; url: string; annotation: string; tags: string[]; folders: string[]; ext: string; btime: number; modificationTime: number; width: number };
type Folder = { id: string; name: string; description: string; children: Folder[] };

async function importBody(api: Api, body: Blob, library: string, query = 'into=current'): Promise<Answer<ImportState>> {
  const response = await api.handle(new Request(`http://localhost/api/v2/library/import?wait=true&${query}`, { method: 'POST', body, headers: library ? { 'X-Library-Path': library } : {} }));
  const parsed = (await response.json()) as Answer<ImportState>['body'];
  return { httpStatus: response.status, body: parsed, data: parsed.data as ImportState };
}

async function itemsOf(api: Api, library: string): Promise<Item[]> {
  return (await call<{ data: Item[] }>(api, 'GET', '/item/get', { limit: 1000 }, { library })).data.data;
}

async function foldersOf(api: Api, library: string): Promise<Folder[]> {
  return (await call<{ data: Folder[] }>(api, 'GET', '/folder/get', { limit: 1000 }, { library })).data.data;
}

describe('the Netscape bookmark file', () => {
  it('decodes entities, named and numeric', () => {
    expect(decodeEntities('Tom &amp; Jerry&#39;s &lt;b&gt; &#x263A; &unknown;')).toBe("Tom & Jerry's <b> \u263A &unknown;");
  });

  it('reads nested folders, tags, dates and descriptions, and skips what is no web address', () => {
    const plan = bookmarksPlan(BOOKMARKS_HTML);
    expect(plan.folders.map(({ key, name, parentKey, description }) => [key, name, parentKey, description])).toEqual([
      ['0', 'Bookmarks bar', null, ''],
      ['1', 'Design', '0', 'Things that look good'],
      ['2', 'Type', '1', ''],
      ['3', 'Empty', null, ''],
    ]);
    expect(plan.items).toEqual([
      { name: "Tom & Jerry's <page>", url: 'https://example.com/a?x=1&y=2', annotation: 'Read every morning &mdash; \u263A', tags: ['news', 'daily'], folderKeys: ['0'], time: 1_600_000_001_000 },
      { name: 'Dribbble', url: 'https://dribbble.com/', annotation: '', tags: ['inspiration', 'ui'], folderKeys: ['1'], time: 1_600_000_003_000 },
      { name: 'Google Fonts', url: 'https://fonts.google.com/', annotation: '', tags: [], folderKeys: ['2'], time: 1_600_000_005_000 },
      { name: 'Loose one', url: 'https://unfiled.example/', annotation: '', tags: [], folderKeys: [], time: 1_600_000_008_000 },
    ]);
    expect(plan.skipped).toEqual([{ name: 'A bookmarklet', reason: expect.stringContaining('javascript:') }]);
  });

  it('imports through library/import: folders nested, tags, ADD_DATE as the time, <DD> as the annotation', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answer = await importBody(api, new Blob([BOOKMARKS_HTML], { type: 'text/html' }), library);
    expect(answer.httpStatus).toBe(200);
    expect(answer.data).toMatchObject({ status: 'done', format: 'bookmarks', total: 4, done: 4, imported: 4, duplicates: 0, broken: [{ name: 'A bookmarklet' }] });
    const folders = await foldersOf(api, library);
    const bar = folders.find((folder) => folder.name === 'Bookmarks bar')!;
    expect(bar.children.map((child) => child.name)).toEqual(['Design']);
    const design = bar.children[0]!;
    expect(design).toMatchObject({ description: 'Things that look good' });
    expect(design.children.map((child) => child.name)).toEqual(['Type']);
    const items = await itemsOf(api, library);
    const byName = new Map(items.map((item) => [item.name, item]));
    expect(byName.get("Tom & Jerry's <page>")).toMatchObject({ ext: 'url', url: 'https://example.com/a?x=1&y=2', tags: ['news', 'daily'], folders: [bar.id], annotation: 'Read every morning &mdash; \u263A', modificationTime: 1_600_000_001_000 });
    expect(byName.get('Google Fonts')).toMatchObject({ folders: [design.children[0]!.id] });
    expect(byName.get('Loose one')).toMatchObject({ folders: [] });
    const tags = (await call<{ name: string }[]>(api, 'GET', '/tag/get', {}, { library })).data;
    expect(JSON.stringify(tags)).toContain('inspiration');
  });

  it('into a new library, named after the file', async () => {
    const api = makeApi();
    const answer = await importBody(api, new Blob([BOOKMARKS_HTML]), '', 'into=new&fileName=bookmarks_12_1_26.html');
    expect(answer.data).toMatchObject({ status: 'done', format: 'bookmarks', into: 'new', libraryName: 'bookmarks_12_1_26', imported: 4 });
    expect(await itemsOf(api, answer.data.libraryPath)).toHaveLength(4);
  });

  it.each([
    ['windows-1252, named in its META', windows1252(bookmarksDeclaring('windows-1252'))],
    ['UTF-16LE with a BOM', utf16(bookmarksDeclaring('UTF-16'), 'le')],
    ['UTF-16BE with a BOM', utf16(bookmarksDeclaring('UTF-16'), 'be')],
  ])('imports a bookmark file in %s with its names read right', async (_encoding, bytes) => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answer = await importBody(api, new Blob([bytes], { type: 'text/html' }), library);
    expect(answer.httpStatus).toBe(200);
    expect(answer.data).toMatchObject({ status: 'done', format: 'bookmarks', imported: 1 });
    expect((await foldersOf(api, library)).map((folder) => folder.name)).toEqual(['Caf\u00e9s']);
    expect((await itemsOf(api, library)).map(({ name, annotation }) => ({ name, annotation }))).toEqual([{ name: 'Caf\u00e9', annotation: 'Cr\u00e8me br\u00fbl\u00e9e' }]);
  });

  it('answers a clear 400 for a file that is no known export, and changes nothing', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    for (const body of [new Blob(['<html><body>hello</body></html>']), new Blob([]), await zipOfFiles(new Map([['notes/a.txt', new Uint8Array([1])]]))]) {
      const answer = await importBody(api, body, library);
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toMatch(/^body: /);
      expect(answer.body.message).toMatch(/expected an Eagle library zip, a Google Takeout zip of Google Photos, or a browser bookmark file/);
    }
    expect(await itemsOf(api, library)).toEqual([]);
    expect(await foldersOf(api, library)).toEqual([]);
  });
});

describe('Google Takeout of Google Photos', () => {
  it('matches sidecars as Takeout names them', () => {
    const media = ['IMG.jpg', 'IMG(1).jpg', 'IMG-edited.jpg', LONG_NAME, 'NEW.jpg', 'ALONE.jpg', 'REAL(1).jpg'];
    const jsons = ['IMG.jpg.json', 'IMG.jpg(1).json', LONG_SIDECAR, 'NEW.jpg.supplemental-metadata.json', 'REAL(1).jpg.json', 'print-subscriptions.json'];
    expect(Object.fromEntries(matchSidecars(media, jsons))).toEqual({
      'IMG.jpg': 'IMG.jpg.json',
      'IMG(1).jpg': 'IMG.jpg(1).json',
      'IMG-edited.jpg': 'IMG.jpg.json',
      [LONG_NAME]: LONG_SIDECAR,
      'NEW.jpg': 'NEW.jpg.supplemental-metadata.json',
      'REAL(1).jpg': 'REAL(1).jpg.json',
    });
    expect(LONG_SIDECAR).toHaveLength(51);
  });

  it('imports photos with their sidecars, albums as folders, the album copy once, a photo without a sidecar too', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answer = await importBody(api, await zipOfFiles(await takeoutFiles()), library);
    expect(answer.httpStatus).toBe(200);
    expect(answer.data).toMatchObject({ status: 'done', format: 'takeout', total: 8, done: 8, imported: 7, duplicates: 1, broken: [] });
    const folders = await foldersOf(api, library);
    expect(folders.map((folder) => [folder.name, folder.description])).toEqual([['Trip to Lisbon', 'June 2019']]);
    const album = folders[0]!.id;
    const items = await itemsOf(api, library);
    const byName = new Map(items.map((item) => [item.name, item]));
    expect([...byName.keys()].sort()).toEqual(['Castle', 'IMG_0001', 'IMG_0001-edited', 'IMG_0002', 'IMG_0002(1)', 'IMG_0003', LONG_NAME.replace(/\.jpg$/, '')].sort());
    expect(byName.get('IMG_0001')).toMatchObject({ annotation: 'Tram 28 at dawn', modificationTime: 1_560_000_000_000, url: 'https://photos.google.com/photo/IMG_0001.jpg', folders: [album], width: 11 });
    expect(byName.get('IMG_0001-edited')).toMatchObject({ annotation: 'Tram 28 at dawn', modificationTime: 1_560_000_000_000, folders: [] });
    expect(byName.get('IMG_0002')).toMatchObject({ modificationTime: 1_560_100_000_000 });
    expect(byName.get('IMG_0002(1)')).toMatchObject({ modificationTime: 1_560_200_000_000, annotation: 'the other one' });
    expect(byName.get(LONG_NAME.replace(/\.jpg$/, ''))).toMatchObject({ modificationTime: 1_560_300_000_000 });
    expect(byName.get('Castle')).toMatchObject({ annotation: 'São Jorge', modificationTime: 1_560_400_000_000, folders: [album] });
    expect(byName.get('IMG_0003')).toMatchObject({ annotation: '', url: '', folders: [] });
  });
});
