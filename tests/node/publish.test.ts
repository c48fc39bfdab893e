// `offline-asset-library publish` on Eagle libraries built from the format note, and the published
// output subscribed to through the API (fake-indexeddb) from a real static file server on loopback.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import type { StaticSite } from '../e2e/static-server';
import { buildEagleLibrary, zipOf, type Fixture, type LibraryFiles } from './fixtures/eagle-library';
import { quietProgress, serveForEachTest, writeLibrary } from './fixtures/published-sites';
import { tempDir } from './fixtures/temp-dirs';
import { call, makeApi, withoutUrlLibrary } from './helpers';
import type { Manifest } from '../../src/core/publish/published-format';
import { FIRST_SCREEN_ITEMS, firstScreenShards } from '../../src/core/publish/load-order';
import type { Api } from '../../src/core';


async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.set(relative(dir, join(entry.parentPath, entry.name)), await readFile(join(entry.parentPath, entry.name)));
  }
  return out;
}

async function publish(source: string, out: string, ...flags: string[]) {
  const lines: string[] = [];
  const report = await publishCommand([source, '--out', out, '--shard-items', '16', ...flags], { log: (line) => lines.push(line), progress: () => {} });
  return { ...report, lines };
}

const serveSite = serveForEachTest();
const serve = (dir: string): Promise<StaticSite> => serveSite({ '/published/': dir });

type Listed = { data: Record<string, unknown>[]; total: number };
const everything = async (api: Api, library: string) => {
  const live = await call<Listed>(api, 'GET', '/item/get', { limit: 1000, orderBy: 'NAME' }, { library });
  const trash = await call<Listed>(api, 'GET', '/item/get', { limit: 1000, orderBy: 'NAME', isDeleted: true }, { library });
  const strip = (item: Record<string, unknown>) => {
    const { fileURL: _f, thumbnailURL: _t, filePath: _p, thumbnailPath: _tp, ...rest } = item;
    return rest;
  };
  return [...live.data.data, ...trash.data.data].map(strip).sort((a, b) => String(a.id).localeCompare(String(b.id)));
};

describe('publish command', { timeout: 60_000 }, () => {
  it('writes a manifest, bounded shards, thumbnails and originals named by their hashes; reports broken item folders; writes identical bytes again', async () => {
    const fixture = buildEagleLibrary({ name: 'Brand', items: 120 });
    const source = await writeLibrary(fixture.files, 'Brand');
    const out = await tempDir('published-');
    const first = await publish(source, out);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({ format: 'offline-asset-library/published', version: 1, name: 'Brand', counts: { items: 120, folders: 4, smartFolders: 3, tagGroups: 2 } });
    expect(manifest.shards.length).toBeGreaterThan(2);
    expect(manifest.shards.every((shard) => shard.items <= 64)).toBe(true);
    expect(manifest.shards.reduce((sum, shard) => sum + shard.items, 0)).toBe(120);
    const written = await filesUnder(out);
    for (const name of written.keys()) if (name !== 'manifest.json') expect(name).toMatch(/(^|\/|-)[0-9a-f]{20}\.[a-z0-9]+$/);
    expect([...written.keys()].filter((name) => name.startsWith('originals/')).length).toBe(manifest.counts.originals);
    expect(manifest.counts.originals).toBeGreaterThan(100);
    for (const [name] of fixture.broken) expect(first.lines.join('\n')).toContain(`Skipped ${name}`);
    expect(first.broken.map((item) => item.name).sort()).toEqual([...fixture.broken.keys()].sort());

    const again = await tempDir('published-');
    await publish(source, again);
    expect(await filesUnder(again)).toEqual(written);

    // The same library zipped (as Eagle users zip it) publishes the same bytes.
    const zipDir = await tempDir('publish-zip-');
    const zip = join(zipDir, 'Brand.zip');
    await writeFile(zip, new Uint8Array(await (await zipOf(fixture)).arrayBuffer()));
    const fromZip = await tempDir('published-');
    await publish(zip, fromZip);
    expect(await filesUnder(fromZip)).toEqual(written);

    const thumbsOnly = await tempDir('published-');
    const noOriginals = await publish(source, thumbsOnly, '--no-originals');
    expect(noOriginals.manifest.counts.originals).toBe(0);
    expect([...(await filesUnder(thumbsOnly)).keys()].some((name) => name.startsWith('originals/'))).toBe(false);
  });

  it('refuses a folder that is no Eagle library, naming what is missing', async () => {
    const empty = await tempDir('not-a-library-');
    await expect(publishCommand([empty, '--out', join(empty, 'out')], quietProgress)).rejects.toThrow(/no metadata\.json at its root/);
    await expect(publishCommand([empty], quietProgress)).rejects.toThrow(/Usage/);
  });
});

describe('library/subscribe', { timeout: 60_000 }, () => {
  async function published(fixture: Fixture) {
    const source = await writeLibrary(fixture.files, fixture.name);
    const out = await tempDir('published-');
    await publish(source, out);
    return { source, out, site: await serve(out) };
  }

  it('makes a read-only library equal to an import of the same library: items, comments, folders, smart folders, tags, search, thumbnails and originals', async () => {
    const fixture = buildEagleLibrary({ name: 'Portfolio', items: 80 });
    const { site } = await published(fixture);
    const api = makeApi({ fetchSource: (url) => fetch(url) });
    const subscribed = await call<{ path: string; items: number; stored: number }>(api, 'POST', '/library/subscribe', { url: `${site.url}/published/`, wait: true });
    expect(subscribed.httpStatus, JSON.stringify(subscribed.body)).toBe(200);
    expect(subscribed.data).toMatchObject({ path: '/libraries/Portfolio.library', items: 80, stored: 80 });
    const library = subscribed.data.path;
    // Marked read-only, it is finished: a later start's sweep of unfinished libraries leaves it.
    expect((await api.registry.find(library))?.unfinishedSince).toBeUndefined();

    const imported = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true&name=Imported', { method: 'POST', body: await zipOf(fixture) }));
    expect(imported.status).toBe(200);
    const other = '/libraries/Imported.library';
    expect((await call<any>(api, 'GET', '/library/info', {}, { library })).data).toMatchObject({ readOnly: true, publishedFrom: `${site.url}/published/` });
    expect((await call<any>(api, 'GET', '/library/info', {}, { library: other })).data.readOnly).toBe(false);
    expect(await everything(api, library)).toEqual(await everything(api, other));
    for (const [path, input] of [['/folder/get', {}], ['/smartFolder/get', {}], ['/tag/get', {}], ['/tagGroup/get', {}]] as const) {
      const a = await call(api, path === '/tagGroup/get' ? 'GET' : 'POST', path, input, { library });
      const b = await call(api, path === '/tagGroup/get' ? 'GET' : 'POST', path, input, { library: other });
      expect(a.httpStatus, path).toBe(200);
      expect(JSON.parse(JSON.stringify(a.data).replaceAll(library, other)), path).toEqual(b.data);
    }
    const query = async (lib: string) => (await call<Listed>(api, 'POST', '/item/query', { query: 'cat', limit: 1000 }, { library: lib })).data;
    expect((await query(library)).data.length).toBeGreaterThan(5);
    expect(withoutUrlLibrary(await query(library))).toEqual(withoutUrlLibrary(await query(other)));
    const anyItem = [...fixture.records.values()].find((record) => !record.noThumbnail && record.ext === 'png')!;
    const id = String(anyItem.id);
    const bytes = async (path: string, lib: string) => new Uint8Array(await (await api.handle(new Request(`http://localhost/api/v2${path}`, { headers: { 'X-Library-Path': lib } }))).arrayBuffer());
    const before = site.requests.length;
    expect(await bytes(`/item/thumbnail?id=${id}`, library)).toEqual(await bytes(`/item/thumbnail?id=${id}`, other));
    expect(await bytes(`/item/file?id=${id}`, library)).toEqual(fixture.files.get(`images/${id}.info/${String(anyItem.name)}.${String(anyItem.ext)}`));
    expect(site.requests.slice(before).map((path) => path.split('/')[2])).toEqual(['thumbnails', 'originals']);
    // Kept: asked again, nothing is fetched.
    await bytes(`/item/thumbnail?id=${id}`, library);
    await bytes(`/item/file?id=${id}`, library);
    expect(site.requests.length).toBe(before + 2);
  });

  it('answers once a screenful of the newest items is stored (the first screen of the default sort), and streams the older ones in behind them', async () => {
    const shards = [10, 150, 30, 80, 120].map((items, i) => ({ file: `shards/items-${i}.json`, items }));
    expect(firstScreenShards(shards).map((shard) => shard.items)).toEqual([120, 80]);
    expect(firstScreenShards(shards.slice(0, 2)).map((shard) => shard.items)).toEqual([150, 10]);

    const fixture = buildEagleLibrary({ name: 'Newest', items: 600, plain: true });
    const { site } = await published(fixture);
    const api = makeApi({ fetchSource: (url) => fetch(url) });
    const answer = await call<{ path: string; items: number; stored: number }>(api, 'POST', '/library/subscribe', { url: `${site.url}/published/` });
    expect(answer.data.stored).toBeGreaterThanOrEqual(FIRST_SCREEN_ITEMS);
    expect(answer.data.stored).toBeLessThan(600);
    const newest = [...fixture.records.values()].sort((a, b) => Number(b.modificationTime) - Number(a.modificationTime)).slice(0, 100).map((record) => record.id);
    const firstScreen = await call<Listed>(api, 'GET', '/item/get', { orderBy: '-IMPORT', limit: 100 }, { library: answer.data.path });
    expect(firstScreen.data.data.map((item) => item.id)).toEqual(newest);
    await api.subscriptions.whenIdle();
    expect((await call<number>(api, 'GET', '/item/countAll', {}, { library: answer.data.path })).data).toBe(600);
  });

  it('refuses every write with 403 READ_ONLY naming the library, and changes nothing', async () => {
    const fixture = buildEagleLibrary({ name: 'Shown', items: 20 });
    const { site } = await published(fixture);
    const api = makeApi({ fetchSource: (url) => fetch(url) });
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url: `${site.url}/published/manifest.json`, wait: true });
    await call(api, 'POST', '/library/switch', { libraryPath: data.path });
    const id = fixture.records.keys().next().value!;
    const writes: [string, Record<string, unknown>][] = [
      ['/item/update', { id, tags: ['x'] }],
      ['/item/add', { items: [{ url: 'https://example.com', name: 'x' }] }],
      ['/item/addComment', { id, annotation: 'x' }],
      ['/folder/create', { folderName: 'x' }],
      ['/tag/merge', { source: 'cat', target: 'dog' }],
      ['/tagGroup/create', { name: 'x' }],
      ['/smartFolder/create', { name: 'x', conditions: [] }],
      ['/item/refreshThumbnail', { itemId: id }],
    ];
    const before = await everything(api, data.path);
    for (const [path, input] of writes) {
      const answer = await call(api, 'POST', path, input);
      expect(answer.httpStatus, path).toBe(403);
      expect(answer.body, path).toMatchObject({ status: 'error', code: 'READ_ONLY', message: expect.stringContaining('"Shown"') });
    }
    expect(await everything(api, data.path)).toEqual(before);
    // Reads still answer.
    expect((await call(api, 'POST', '/folder/get', {})).httpStatus).toBe(200);
  });

  it('takes only the new shards when the library is published again with 10 items added and one renamed', async () => {
    const fixture = buildEagleLibrary({ name: 'Growing', items: 100, plain: true });
    const { out, site } = await published(fixture);
    const api = makeApi({ fetchSource: (url) => fetch(url) });
    const url = `${site.url}/published/`;
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
    const old = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;

    const bigger = buildEagleLibrary({ name: 'Growing', items: 110, plain: true });
    const renamedId = [...fixture.records.keys()][40]!;
    const dir = `images/${renamedId}.info/`;
    const record: Record<string, unknown> = { ...bigger.records.get(renamedId)!, name: 'Renamed one' };
    const originalName = [...bigger.files.keys()].find((path) => path.startsWith(dir) && !path.endsWith('metadata.json') && !path.endsWith('_thumbnail.png'))!;
    bigger.files.set(`${dir}Renamed one.${String(record.ext)}`, bigger.files.get(originalName)!);
    bigger.files.delete(originalName);
    bigger.files.set(`${dir}metadata.json`, new TextEncoder().encode(JSON.stringify(record)) as Uint8Array<ArrayBuffer>);
    await publishCommand([await writeLibrary(bigger.files, 'Growing'), '--out', out, '--shard-items', '16'], quietProgress);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    const unchanged = manifest.shards.filter((shard) => old.shards.some((o) => o.file === shard.file));
    expect(unchanged.length).toBeGreaterThan(0);

    const seen = site.requests.length;
    const again = await call<{ path: string; items: number; stored: number }>(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(again.data).toMatchObject({ path: data.path, items: 110, stored: 110 });
    const fetched = site.requests.slice(seen);
    for (const shard of unchanged) expect(fetched).not.toContain(`/published/${shard.file}`);
    // Each new shard's items and its visual descriptors, unless they are held already (the renamed
    // item's shard: same items, same pictures, same descriptors file); nothing of an unchanged one.
    const fresh = manifest.shards.filter((shard) => !unchanged.includes(shard)).map((shard) => `/published/${shard.descriptors}`);
    expect(fetched.filter((path) => path.includes('/shards/items-')).length).toBe(fresh.length);
    const descriptorsFetched = fetched.filter((path) => path.includes('/shards/descriptors-'));
    expect(descriptorsFetched.length).toBeLessThan(fresh.length);
    for (const path of descriptorsFetched) expect(fresh).toContain(path);
    for (const shard of unchanged) expect(fetched).not.toContain(`/published/${shard.descriptors}`);
    const items = await everything(api, data.path);
    expect(items.length).toBe(110);
    expect(items.find((item) => item.id === renamedId)?.name).toBe('Renamed one');
    const found = await call<Listed>(api, 'POST', '/item/query', { query: 'renamed' }, { library: data.path });
    expect(found.data.data.map((item) => item.id)).toEqual([renamedId]);
  });

  it('answers a clear 400 naming the file for a URL that is no published library, an unknown version, a manifest without its counts, a missing shard or a hash mismatch, and makes no library', async () => {
    const fixture = buildEagleLibrary({ name: 'Broken', items: 40, plain: true });
    const { out, site } = await published(fixture);
    const api = makeApi({ fetchSource: (url) => fetch(url) });
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    const variant = async (name: string, change: (dir: string) => Promise<void>) => {
      const dir = await tempDir(`${name}-`);
      for (const [path, bytes] of await filesUnder(out)) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), bytes);
      }
      await change(dir);
      site.mount(`/${name}/`, dir);
      return `${site.url}/${name}/`;
    };
    const cases: [string, string, RegExp][] = [
      [`${site.url}/nothing-here/`, 'manifest.json', /HTTP 404/],
      [await variant('future', (dir) => writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, version: 99 }))), 'manifest.json', /version 99/],
      [await variant('uncounted', (dir) => writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, counts: undefined }))), 'manifest.json', /counts/],
      [await variant('miscounted', (dir) => writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, counts: { ...manifest.counts, items: '40' } }))), 'manifest.json', /counts\.items/],
      [await variant('missing', async (dir) => (await import('node:fs/promises')).rm(join(dir, manifest.shards[0]!.file))), manifest.shards[0]!.file, /HTTP 404/],
      [await variant('damaged', (dir) => writeFile(join(dir, manifest.shards[0]!.file), '{"items":[]}')), manifest.shards[0]!.file, /do not match the hash/],
      [await variant('damaged-descriptors', (dir) => writeFile(join(dir, manifest.shards[0]!.descriptors!), new Uint8Array(160))), manifest.shards[0]!.descriptors!, /do not match the hash/],
    ];
    for (const [url, file, why] of cases) {
      const answer = await call(api, 'POST', '/library/subscribe', { url, wait: true });
      expect(answer.httpStatus, url).toBe(400);
      expect(answer.body.code).toBe('INVALID_ARGUMENT');
      expect(answer.body.message, url).toContain(file);
      expect(answer.body.message, url).toMatch(why);
    }
    expect((await call(api, 'POST', '/library/switch', { libraryPath: '/libraries/Broken.library' })).httpStatus).toBe(404);
    expect((await call(api, 'POST', '/library/subscribe', { url: 'ftp://x/' })).httpStatus).toBe(400);
  });
});
