// A published library's background load and updates when things go wrong: a load stopped in the
// middle of a transaction resumes (in a new core on the same databases, as a restarted worker)
// and ends with every item; an update cut off half-way leaves the previous version whole; a
// subscription stored in the layout before the shard rows is upgraded and keeps working.
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from './fixtures/eagle-library';
import { quietProgress, serveForEachTest, writeLibrary } from './fixtures/published-sites';
import { tempDir } from './fixtures/temp-dirs';
import { call, makeApi } from './helpers';
import type { Api } from '../../src/core';
import { FIRST_SCREEN_ITEMS, firstScreenShards, newestFirst } from '../../src/core/publish/load-order';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { readStoredShardIds, readSubscription, writeSubscription } from '../../src/core/publish/subscription-state';
import { fetchShardWrite } from '../../src/core/publish/fetch-published';
import { storeShards } from '../../src/core/publish/store-shards';

type Listed = { data: { id: string; name: string }[]; total: number };

const serve = serveForEachTest();
afterEach(() => vi.restoreAllMocks());

async function published(items: number) {
  const fixture = buildEagleLibrary({ name: 'Loading', items, plain: true });
  const out = await tempDir('published-');
  await publishCommand([await writeLibrary(fixture.files, 'Loading'), '--out', out, '--shard-items', '16'], quietProgress);
  const site = await serve({ '/published/': out });
  const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
  return { fixture, out, site, manifest, url: `${site.url}/published/` };
}

const dbOf = async (api: Api, path: string) => api.open((await api.registry.find(path))!).db;
const ids = async (api: Api, library: string) =>
  (await call<Listed>(api, 'GET', '/item/get', { limit: 10_000, orderBy: 'NAME' }, { library })).data.data.map((item) => item.id).sort();
const shardIds = async (out: string, file: string) => (JSON.parse(await readFile(join(out, file), 'utf8')) as Shard).items.map((item) => item.id);

/** Each shard row lists its shard's items, and they are stored; `others`: items stored besides them (a shard stored in part). */
async function expectWhole(api: Api, library: string, out: string, others: readonly string[] = []): Promise<string[]> {
  const stored = await readStoredShardIds(await dbOf(api, library));
  for (const { file, ids: listed } of stored) expect(listed).toEqual(await shardIds(out, file));
  expect(await ids(api, library)).toEqual([...stored.flatMap((shard) => shard.ids), ...others].sort());
  return stored.map((shard) => shard.file);
}

describe('a published library loading', { timeout: 60_000 }, () => {
  it('a load stopped in the middle of a transaction leaves what was stored before it as it was, and a restarted core resumes it to every item, fetching only the shards not stored', async () => {
    const { out, site, manifest, url } = await published(900);
    const first = firstScreenShards(manifest.shards);
    // The newest FIRST_SCREEN_ITEMS items are stored before the answer: shards whole while they fit, the next one in part (stored whole by the load).
    let left = FIRST_SCREEN_ITEMS;
    const whole = first.filter((shard) => shard.items <= left && (left -= shard.items) >= 0);
    const pending = newestFirst(manifest.shards.filter((shard) => !whole.includes(shard)));
    expect(pending.length).toBeGreaterThan(4);
    // The background load waits at the gate until the failure below is in place.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let shardFetches = 0;
    const errors: unknown[] = [];
    const namespace = `load-${Math.random().toString(36).slice(2)}`;
    const api = makeApi({
      namespace,
      onBackgroundError: (error) => errors.push(error),
      fetchSource: async (address) => {
        if (address.includes('/shards/items-') && ++shardFetches > first.length) await gate;
        return fetch(address);
      },
    });
    const answer = await call<{ path: string; stored: number }>(api, 'POST', '/library/subscribe', { url });
    // The newest screenful is stored: the newer first-screen shards whole, the oldest of them in part (no row: still to load).
    expect(answer.data.stored).toBe(FIRST_SCREEN_ITEMS);
    const library = answer.data.path;
    const answered = await ids(api, library);
    const wholeFirst = await readStoredShardIds(await dbOf(api, library));
    expect(wholeFirst.map((shard) => shard.file).sort()).toEqual(whole.map((shard) => shard.file).sort());
    const inPart = answered.filter((id) => !wholeFirst.some((shard) => shard.ids.includes(id)));
    if (inPart.length) expect((await shardIds(out, pending[0]!.file)).slice(-inPart.length).sort()).toEqual(inPart);

    // A write that fails on an item of the first background batch's second shard: its transaction
    // is aborted after the first shard's items were written in it, as a stopped worker's would be.
    const db = await dbOf(api, library);
    const doomed = (await shardIds(out, pending[2]!.file))[0]!;
    const failing = (_key: unknown, row: { id: string }) => {
      if (row.id === doomed) throw new Error('stopped in the middle of a transaction');
    };
    db.items.hook('creating', failing);
    open();
    await api.subscriptions.whenIdle();
    db.items.hook('creating').unsubscribe(failing);
    expect(String(errors[0])).toContain('stopped in the middle of a transaction');
    // As right after the answer: nothing of the failed transaction, not even the shard stored in part whole.
    expect(await ids(api, library)).toEqual(answered);
    expect((await expectWhole(api, library, out, inPart)).sort()).toEqual(whole.map((shard) => shard.file).sort());
    expect((await readSubscription(db))?.ready).toBeFalsy();

    // A new core on the same databases, as a restarted worker: it resumes after the stored shards.
    api.close();
    const seen = site.requests.length;
    const restarted = makeApi({ namespace, fetchSource: (address) => fetch(address) });
    await restarted.subscriptions.resume();
    await restarted.subscriptions.whenIdle();
    expect((await call<number>(restarted, 'GET', '/item/countAll', {}, { library })).data).toBe(900);
    expect(await expectWhole(restarted, library, out)).toHaveLength(manifest.shards.length);
    const fetched = site.requests.slice(seen).filter((path) => path.includes('/shards/items-'));
    expect(fetched.sort()).toEqual(pending.map((shard) => `/published/${shard.file}`).sort());
    expect((await readSubscription(await dbOf(restarted, library)))?.ready).toBe(true);
    const found = await call<Listed>(restarted, 'POST', '/item/query', { query: (await readFile(join(out, pending.at(-1)!.file), 'utf8')).match(/"name":"([^"]+)"/)![1]!.split(' ')[0]!, limit: 1000 }, { library });
    expect(found.data.data.length).toBeGreaterThan(0);
  });

  it('an update cut off half-way (a new shard missing) leaves the previous version whole; once the shard is there the update takes only the new shards', async () => {
    const { fixture, out, site, manifest: old, url } = await published(300);
    const api = makeApi({ fetchSource: (address) => fetch(address) });
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
    const library = data.path;
    const before = await ids(api, library);
    const names = async () => (await call<Listed>(api, 'GET', '/item/get', { limit: 10_000, orderBy: 'NAME' }, { library })).data.data.map((item) => `${item.id} ${item.name}`).sort();
    const beforeNames = await names();

    const bigger = buildEagleLibrary({ name: 'Loading', items: 330, plain: true });
    const renamed = [...fixture.records.keys()][7]!;
    bigger.files.set(`images/${renamed}.info/metadata.json`, new TextEncoder().encode(JSON.stringify({ ...bigger.records.get(renamed)!, name: 'Renamed one' })) as Uint8Array<ArrayBuffer>);
    await publishCommand([await writeLibrary(bigger.files, 'Loading'), '--out', out, '--shard-items', '16'], quietProgress);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    const added = manifest.shards.filter((shard) => !old.shards.some((o) => o.file === shard.file));
    expect(added.length).toBeGreaterThan(1);
    const missing = added.at(-1)!.file;
    await rename(join(out, missing), join(out, `${missing}.away`));

    const cut = await call(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(cut.httpStatus).toBe(400);
    expect(cut.body.message).toContain(missing);
    expect(await ids(api, library)).toEqual(before);
    expect(await names()).toEqual(beforeNames);
    expect((await readSubscription(await dbOf(api, library)))?.manifest.contentVersion).toBe(old.contentVersion);
    expect((await expectWhole(api, library, out)).sort()).toEqual(old.shards.map((shard) => shard.file).sort());

    await rename(join(out, `${missing}.away`), join(out, missing));
    const seen = site.requests.length;
    // What is stored is the kept count: a count of the items index walks every key (seconds at a million, on every open of the library).
    const count = vi.spyOn((await dbOf(api, library)).items, 'count');
    const again = await call<{ stored: number; items: number }>(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(again.data).toMatchObject({ items: 330, stored: 330 });
    expect(count).not.toHaveBeenCalled();
    const fetched = site.requests.slice(seen).filter((path) => path.includes('/shards/items-'));
    expect(fetched.sort()).toEqual(added.map((shard) => `/published/${shard.file}`).sort());
    expect((await expectWhole(api, library, out)).sort()).toEqual(manifest.shards.map((shard) => shard.file).sort());
    expect((await names()).find((line) => line.startsWith(renamed))).toBe(`${renamed} Renamed one`);
  });

  it("a load's progress (library/info's loading) counts what is stored from the kept count, not from the items index", async () => {
    const { url } = await published(40);
    const api = makeApi({ fetchSource: (address) => fetch(address) });
    const library = (await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true })).data.path;
    const db = await dbOf(api, library);
    // As while a load is under way: the subscription not ready yet.
    await writeSubscription(db, { ...(await readSubscription(db))!, ready: false });
    const count = vi.spyOn(db.items, 'count');
    const info = await call<{ loading?: { stored: number; total: number } }>(api, 'GET', '/library/info', {}, { library });
    expect(info.data.loading).toMatchObject({ stored: 40, total: 40 });
    expect(count).not.toHaveBeenCalled();
  });

  it("a batch of a version an update replaced is not stored: an old load's shards never overwrite the new version's items", async () => {
    const { fixture, out, manifest: old, url } = await published(300);
    const api = makeApi({ fetchSource: (address) => fetch(address) });
    const library = (await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true })).data.path;
    const first = old.shards[0]!;
    const oldWrite = await fetchShardWrite((address) => fetch(address), url, old, first);
    const edited = oldWrite.shard.items[0]!.id;

    const bigger = buildEagleLibrary({ name: 'Loading', items: 300, plain: true });
    bigger.files.set(`images/${edited}.info/metadata.json`, new TextEncoder().encode(JSON.stringify({ ...bigger.records.get(edited)!, name: 'Renamed one' })) as Uint8Array<ArrayBuffer>);
    expect(fixture.records.has(edited)).toBe(true);
    await publishCommand([await writeLibrary(bigger.files, 'Loading'), '--out', out, '--shard-items', '16'], quietProgress);
    expect((await call(api, 'POST', '/library/subscribe', { url, wait: true })).httpStatus).toBe(200);
    const nameOf = async () => (await call<Listed>(api, 'GET', '/item/get', { id: edited }, { library })).data.data[0]?.name;
    expect(await nameOf()).toBe('Renamed one');

    const open = api.open((await api.registry.find(library))!);
    expect(await storeShards(open, [oldWrite], [], Date.now(), { of: old.contentVersion })).toBe(false);
    expect(await nameOf()).toBe('Renamed one');
    // The same batch as its own version's is stored (the guard is what kept it out).
    const current = (await readSubscription(open.db))!.manifest.contentVersion;
    expect(await storeShards(open, [oldWrite], [], Date.now(), { of: current })).toBe(true);
    expect(await nameOf()).not.toBe('Renamed one');
  });

  it('a subscription stored before the shard rows (every id in the subscription row, a file row per item) is upgraded: thumbnails are still fetched and an update still takes only the new shards', async () => {
    const { fixture, out, site, url } = await published(120);
    const namespace = `legacy-${Math.random().toString(36).slice(2)}`;
    const api = makeApi({ namespace, fetchSource: (address) => fetch(address) });
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
    const library = data.path;
    // The old layout, written by hand from what this code stored.
    const db = await dbOf(api, library);
    const stored = await readStoredShardIds(db);
    const subscription = (await readSubscription(db))!;
    const items = await db.items.toArray();
    await db.transaction('rw', db.state, db.items, async () => {
      await db.state.where('key').startsWith('published:shard:').delete();
      await db.state.put({ key: 'published:subscription', value: { ...subscription, stored: Object.fromEntries(stored.map((shard) => [shard.file, shard.ids])) } });
      await db.state.bulkPut(items.map((item) => ({ key: `published:file:${item.id}`, value: { thumbnail: item.publishedFiles?.thumbnail, original: item.publishedFiles?.original } })));
      await db.items.bulkPut(items.map(({ publishedFiles: _files, ...item }) => item));
    });
    api.close();

    const restarted = makeApi({ namespace, fetchSource: (address) => fetch(address) });
    await restarted.subscriptions.resume();
    await restarted.subscriptions.whenIdle();
    const upgraded = await dbOf(restarted, library);
    expect(await upgraded.state.where('key').startsWith('published:file:').count()).toBe(0);
    expect(await readStoredShardIds(upgraded)).toEqual(stored);
    expect((await readSubscription(upgraded)) as unknown as Record<string, unknown>).not.toHaveProperty('stored');
    expect((await upgraded.items.toArray()).map((item) => item.publishedFiles)).toEqual(items.map((item) => item.publishedFiles));

    const withThumbnail = items.find((item) => item.publishedFiles?.thumbnail)!;
    const thumbnail = await restarted.handle(new Request(`http://localhost/api/v2/item/thumbnail?id=${withThumbnail.id}&library=${encodeURIComponent(library)}`));
    expect(thumbnail.status).toBe(200);
    expect(site.requests.at(-1)).toBe(`/published/${withThumbnail.publishedFiles!.thumbnail}`);

    const bigger = buildEagleLibrary({ name: 'Loading', items: 130, plain: true });
    await publishCommand([await writeLibrary(bigger.files, 'Loading'), '--out', out, '--shard-items', '16'], quietProgress);
    const seen = site.requests.length;
    const again = await call<{ stored: number }>(restarted, 'POST', '/library/subscribe', { url, wait: true });
    expect(again.data.stored).toBe(130);
    const fetched = site.requests.slice(seen).filter((path) => path.includes('/shards/items-'));
    for (const { file } of stored) expect(fetched).not.toContain(`/published/${file}`);
    expect(await ids(restarted, library)).toEqual([...bigger.records.keys()].sort());
    expect(fixture.records.size).toBe(120);
  });
});
