// Issue 44: publishing again with items added and one renamed, a subscriber's update fetches only
// the files that changed. The real publish command writes to one folder twice, a real static server
// on loopback logs every request, and the subscriber is the API's own (node fetch, fake-indexeddb).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import type { Manifest } from '../../src/core/publish/published-format';
import { serveStatic, type StaticSite } from '../e2e/static-server';
import { buildEagleLibrary } from './fixtures/eagle-library';
import { paint, pngOf, setThumbnail } from './fixtures/pictures';
import { call, makeApi } from './helpers';
import { tempDir } from './fixtures/temp-dirs';

const sites: StaticSite[] = [];
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
});

describe('publishing again', { timeout: 60_000 }, () => {
  it('an update after 10 items were added and one renamed fetches the manifest and the changed files only, each once', async () => {
    const fixture = buildEagleLibrary({ name: 'Refetch', items: 70, plain: true });
    const ids = [...fixture.records.keys()].map(String).sort();
    // The newest ten (Eagle ids start with their time) come later.
    const later = new Set(ids.slice(-10));
    const renamed = ids[20]!;
    // Each thumbnail its own picture, as in a real library (the fixture's are one 1×1 PNG, so shards
    // of as many items would share a descriptors file by chance).
    [...fixture.records.values()].filter((record) => !record.noThumbnail).forEach((record, i) => {
      const split = (i + 1) / 72;
      setThumbnail(fixture.files, String(record.id), pngOf(paint(48, 32, (x) => (x < split ? [(i * 37) % 256, (i * 91) % 256, 40] : [30, (i * 53) % 256, (i * 151) % 256]))));
    });
    const source = join(await tempDir('refetch-src-'), 'Refetch.library');
    const write = async (keep: (path: string) => boolean) => {
      for (const [path, bytes] of fixture.files) {
        if (!keep(path)) continue;
        await mkdir(dirname(join(source, path)), { recursive: true });
        await writeFile(join(source, path), bytes);
      }
    };
    const isLater = (path: string) => [...later].some((id) => path.startsWith(`images/${id}.info/`));
    await write((path) => !isLater(path));
    const out = await tempDir('refetch-out-');
    const publish = async () => {
      await publishCommand([source, '--out', out, '--shard-items', '8'], { log: () => {}, progress: () => {} });
      return JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    };
    const first = await publish();
    expect(first.counts.items).toBe(60);
    expect(first.shards.some((shard) => shard.descriptors)).toBe(true);

    const site = await serveStatic({ '/published/': out });
    sites.push(site);
    const api = makeApi({ fetchSource: (url) => fetch(url) });
    const url = `${site.url}/published/`;
    const subscribed = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(subscribed.httpStatus, JSON.stringify(subscribed.body)).toBe(200);
    await api.subscriptions.whenIdle();
    // The first load fetches each file it needs once, the root record too.
    expect(site.requests.filter((path) => path.includes('/root-'))).toHaveLength(1);

    await write(isLater);
    const metadata = `images/${renamed}.info/metadata.json`;
    const record = JSON.parse(await readFile(join(source, metadata), 'utf8')) as Record<string, unknown>;
    await writeFile(join(source, metadata), JSON.stringify({ ...record, name: 'Renamed item' }));
    const second = await publish();
    expect(second.counts.items).toBe(70);

    const seen = site.requests.length;
    const updated = await call<{ path: string; stored: number }>(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(updated.httpStatus, JSON.stringify(updated.body)).toBe(200);
    await api.subscriptions.whenIdle();
    const fetched = site.requests.slice(seen).map((path) => path.slice('/published/'.length));

    const changed = second.files.filter((file) => !first.files.includes(file));
    // Unchanged shards (and their descriptors) keep their names: most of the library is not fetched again.
    expect(second.shards.filter((shard) => first.files.includes(shard.file)).length).toBeGreaterThan(0);
    expect(second.shards.some((shard) => shard.descriptors && first.files.includes(shard.descriptors) && !first.files.includes(shard.file))).toBe(true);
    expect(fetched.filter((file) => file !== 'manifest.json' && !changed.includes(file))).toEqual([]);
    expect(fetched.filter((file) => file === 'manifest.json')).toEqual(['manifest.json']);
    expect(new Set(fetched).size).toBe(fetched.length);

    // And the update is whole: the new items, the new name, every item's published descriptor.
    expect(updated.data.stored).toBe(70);
    const items = (await call<{ data: { id: string; name: string }[] }>(api, 'GET', '/item/get', { limit: 1000 }, { library: updated.data.path })).data.data;
    expect(items).toHaveLength(70);
    expect(items.find((item) => item.id === renamed)?.name).toBe('Renamed item');
    // The renamed item's shard was fetched, its descriptors kept from the store: it is ranked by likeness.
    expect(fetched.filter((file) => file.startsWith('shards/items-')).length).toBeGreaterThan(0);
    type Results = { results: { item: { id: string } }[] };
    const similar = await call<Results>(api, 'POST', '/aiSearch/searchByItemId', { itemId: renamed, limit: 1000 }, { library: updated.data.path });
    expect(similar.httpStatus, JSON.stringify(similar.body)).toBe(200);
    expect(similar.data.results.length).toBe(second.counts.thumbnails - 1);
  });
});
