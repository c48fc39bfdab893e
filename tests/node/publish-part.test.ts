// Issue 44 point 3: `publish --folder ID` / `--smart-folder ID` publishes a part of a library: its
// items, their tags, the folders among them, the smart folder's rules; nothing else can be fetched.
// The real command writes a folder, a real static server on loopback logs every request, and the
// API's own subscriber (node fetch, fake-indexeddb) reads it.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, publishCommand } from '../../tools/publish/cli';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { buildEagleLibrary, type Fixture } from './fixtures/eagle-library';
import { quietProgress, serveForEachTest, writeLibrary } from './fixtures/published-sites';
import { tempDir } from './fixtures/temp-dirs';
import { call, makeApi } from './helpers';

const serve = serveForEachTest();

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)));
  return out.sort();
}

/** Every shard's items, read back from the published files. */
async function publishedItems(out: string) {
  const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
  const shards = await Promise.all(manifest.shards.map(async (ref) => JSON.parse(await readFile(join(out, ref.file), 'utf8')) as Shard));
  return { manifest, items: shards.flatMap((shard) => shard.items) };
}

const live = (fixture: Fixture, keep: (record: Record<string, unknown>) => boolean) =>
  [...fixture.records.values()].filter((record) => !record.isDeleted && keep(record)).map((record) => String(record.id)).sort();

type Listing<T> = T[] | { data: T[] };
const listOf = <T>(listing: Listing<T>): T[] => (Array.isArray(listing) ? listing : listing.data);

/** Subscribes to what the server serves; answers the library's items, folders, smart folders, tags and tag groups. */
async function subscribe(url: string) {
  const api = makeApi({ fetchSource: (address) => fetch(address) });
  const subscribed = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
  expect(subscribed.httpStatus, JSON.stringify(subscribed.body)).toBe(200);
  await api.subscriptions.whenIdle();
  const library = subscribed.data.path;
  const get = async <T>(path: string, input: Record<string, unknown> = {}) => (await call<T>(api, 'GET', path, input, { library })).data;
  const items = (await get<{ data: { id: string; folders: string[]; tags: string[] }[] }>('/item/get', { limit: 1000 })).data;
  const trashed = (await get<{ data: unknown[] }>('/item/get', { limit: 1000, isDeleted: true })).data;
  type Folder = { id: string; name: string; children?: Folder[] };
  const flatten = (folders: Folder[]): Folder[] => folders.flatMap((folder) => [folder, ...flatten(folder.children ?? [])]);
  const folders = flatten(listOf(await get<Listing<Folder>>('/folder/get')));
  const smartFolders = listOf(await get<Listing<{ id: string; name: string }>>('/smartFolder/get'));
  const tags = listOf(await get<Listing<{ name: string }>>('/tag/get')).map((tag) => tag.name).sort();
  const groups = listOf(await get<Listing<{ name: string; tags: string[] }>>('/tagGroup/get'));
  return { api, library, items, trashed, folders, smartFolders, tags, groups };
}

describe('publish a part', { timeout: 60_000 }, () => {
  it('--folder publishes the folder and its subfolders with their items and their tags only; no shard, thumbnail or original of another item', async () => {
    const fixture = buildEagleLibrary({ name: 'Zoo', items: 80 });
    const { root, child, grandchild, other } = fixture.folderIds;
    const source = await writeLibrary(fixture.files, 'Zoo');
    const out = await tempDir('part-');
    const report = await publishCommand([source, '--out', out, '--shard-items', '8', '--folder', root], quietProgress);
    const inPart = live(fixture, (record) => (record.folders as string[]).some((id) => [root, child, grandchild].includes(id)));
    expect(inPart.length).toBeGreaterThan(20);
    expect(report.manifest).toMatchObject({ name: 'Animals', counts: { items: inPart.length, folders: 3, smartFolders: 0 } });

    // The files hold the part's items and nothing else: every thumbnail and original is one of theirs.
    const { items } = await publishedItems(out);
    expect(items.map((item) => item.id).sort()).toEqual(inPart);
    const files = await filesUnder(out);
    const owned = new Set(items.flatMap((item) => [item.thumbnail, item.original].filter(Boolean)));
    expect(files.filter((file) => /^(thumbnails|originals)\//.test(file)).sort()).toEqual([...owned].sort());
    // No record names a folder outside the part; the root holds no other folder, smart folder or saved filter.
    expect(items.every((item) => !(item.record.folders as string[]).includes(other))).toBe(true);
    const rootText = await readFile(join(out, report.manifest.root), 'utf8');
    for (const outside of [other, ...Object.values(fixture.smartFolderIds), 'Rated cats', 'Big']) expect(rootText).not.toContain(outside);

    const site = await serve({ '/published/': out });
    const seen = await subscribe(`${site.url}/published/`);
    expect(seen.items.map((item) => item.id).sort()).toEqual(inPart);
    expect(seen.trashed).toEqual([]);
    expect(seen.folders.map((folder) => folder.name).sort()).toEqual(['Animals', 'Cats', 'Kittens']);
    expect(seen.smartFolders).toEqual([]);
    const used = [...new Set(items.flatMap((item) => item.record.tags as string[]))].sort();
    expect(seen.tags).toEqual(used);
    for (const group of seen.groups) expect(group.tags.every((tag) => used.includes(tag))).toBe(true);
    // The subscriber fetched nothing the part does not hold.
    const fetched = site.requests.map((path) => path.slice('/published/'.length));
    expect(fetched.filter((file) => file !== 'manifest.json' && !files.includes(file))).toEqual([]);
  });

  it('--folder with --no-subfolders takes only the items directly in it; --smart-folder takes what its rules (and its parent\'s) hold, with its rules', async () => {
    const fixture = buildEagleLibrary({ name: 'Zoo', items: 200 });
    const { child } = fixture.folderIds;
    const source = await writeLibrary(fixture.files, 'Zoo');
    const flat = await tempDir('part-');
    const direct = await publishCommand([source, '--out', flat, '--folder', child, '--no-subfolders'], quietProgress);
    const inCats = live(fixture, (record) => (record.folders as string[]).includes(child));
    expect((await publishedItems(flat)).items.map((item) => item.id).sort()).toEqual(inCats);
    expect(direct.manifest.counts).toMatchObject({ items: inCats.length, folders: 1 });

    const { current, child: wide } = fixture.smartFolderIds;
    const ratedCats = (record: Record<string, unknown>) => (record.tags as string[]).includes('cat') && record.star === 5;
    const expected = live(fixture, (record) => ratedCats(record) && Number(record.width) >= 300);
    expect(expected.length).toBeGreaterThan(0);
    expect(live(fixture, ratedCats).length).toBeGreaterThan(0);
    const smart = await tempDir('part-');
    const report = await publishCommand([source, '--out', smart, '--smart-folder', wide], quietProgress);
    expect(report.manifest).toMatchObject({ name: 'Wide', counts: { items: expected.length, folders: 0, smartFolders: 1 } });
    const site = await serve({ '/published/': smart });
    const seen = await subscribe(`${site.url}/published/`);
    expect(seen.items.map((item) => item.id).sort()).toEqual(expected);
    expect(seen.items.every((item) => item.folders.length === 0)).toBe(true);
    expect(seen.smartFolders).toMatchObject([{ id: wide, name: 'Wide' }]);
    expect(JSON.stringify(seen.smartFolders)).not.toContain(current);
  });

  it('publishing again to the same folder writes only what changed, and the update fetches no unchanged file', async () => {
    const fixture = buildEagleLibrary({ name: 'Zoo', items: 80, plain: true });
    const { root } = fixture.folderIds;
    const source = await writeLibrary(fixture.files, 'Zoo');
    const out = await tempDir('part-');
    const first = await publishCommand([source, '--out', out, '--shard-items', '8', '--folder', root], quietProgress);
    const before = await filesUnder(out);
    const site = await serve({ '/published/': out });
    const url = `${site.url}/published/`;
    const seen = await subscribe(url);
    const renamed = seen.items[3]!.id;
    const metadata = join(source, 'images', `${renamed}.info`, 'metadata.json');
    await writeFile(metadata, JSON.stringify({ ...JSON.parse(await readFile(metadata, 'utf8')), name: 'Renamed' }));

    const second = await publishCommand([source, '--out', out, '--shard-items', '8', '--folder', root], quietProgress);
    const added = (await filesUnder(out)).filter((file) => !before.includes(file));
    // The renamed item's shard and the index are new; every thumbnail, original and other shard was already there.
    expect(second.files.written).toBe(added.length + 1); // + manifest.json
    expect(second.files.kept).toBeGreaterThan(first.manifest.counts.items);
    expect(added.some((file) => file.startsWith('shards/items-'))).toBe(true);
    expect(added.filter((file) => /^(thumbnails|originals)\//.test(file))).toEqual([]);

    const from = site.requests.length;
    const updated = await call<{ stored: number }>(seen.api, 'POST', '/library/subscribe', { url, wait: true });
    expect(updated.httpStatus, JSON.stringify(updated.body)).toBe(200);
    await seen.api.subscriptions.whenIdle();
    const fetched = site.requests.slice(from).map((path) => path.slice('/published/'.length));
    expect(fetched.filter((file) => file !== 'manifest.json' && !added.includes(file))).toEqual([]);
    const names = (await call<{ data: { id: string; name: string }[] }>(seen.api, 'GET', '/item/get', { limit: 1000 }, { library: seen.library })).data.data;
    expect(names.find((item) => item.id === renamed)?.name).toBe('Renamed');
  });

  it('an unknown --folder or --smart-folder id is a clear error naming the option, and writes nothing', async () => {
    const fixture = buildEagleLibrary({ name: 'Zoo', items: 10, plain: true });
    const source = await writeLibrary(fixture.files, 'Zoo');
    const out = await tempDir('part-');
    await expect(publishCommand([source, '--out', out, '--folder', 'NOPE'], quietProgress)).rejects.toThrow('--folder: There is no folder with id "NOPE".');
    await expect(publishCommand([source, '--out', out, '--smart-folder', 'NOPE'], quietProgress)).rejects.toThrow('--smart-folder: There is no smart folder with id "NOPE".');
    await expect(publishCommand([source, '--out', out, '--folder', fixture.folderIds.root, '--smart-folder', fixture.smartFolderIds.current], quietProgress)).rejects.toThrow('not both');
    expect(await filesUnder(out)).toEqual([]);
    const stderr: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => (stderr.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      expect(await main(['publish', source, '--out', out, '--folder', 'NOPE'])).toBe(1);
    } finally {
      process.stderr.write = write;
    }
    expect(stderr.join('')).toContain('There is no folder with id "NOPE"');
  });
});
