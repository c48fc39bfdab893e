// The index a published library ships prebuilt (src/core/publish/published-index.ts): a first load
// stores the first screen through the write pipeline, the rest as rows only, then puts the
// published index; every index then equals a rebuild from the rows. Until it is put, search
// answers for the first screen's items only (listings read the rows: every stored item). A missing or damaged index file names the file and changes
// nothing; a load stopped anywhere resumes to the same state; an update after it is incremental;
// an index of another layout is not used (the pipeline indexes every item, as before).
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary, type LibraryFiles } from './fixtures/eagle-library';
import { quietProgress, serveForEachTest, writeLibrary } from './fixtures/published-sites';
import { expectIndexesMatchRebuild } from './fixtures/index-rebuild';
import { listsOf } from './fixtures/postings';
import { tempDir } from './fixtures/temp-dirs';
import { call, makeApi } from './helpers';
import type { Api, ChangeEvent } from '../../src/core';
import { FIRST_SCREEN_ITEMS } from '../../src/core/publish/load-order';
import type { Manifest, Shard } from '../../src/core/publish/published-format';
import { INDEX_LAYOUT } from '../../src/core/publish/published-index';
import { readSubscription } from '../../src/core/publish/subscription-state';

type Listed = { data: { id: string; name: string }[]; total: number };

const serve = serveForEachTest();

async function publishTo(out: string, items: number, edit?: (files: LibraryFiles, ids: string[]) => void) {
  const fixture = buildEagleLibrary({ name: 'Indexed', items });
  edit?.(fixture.files, [...fixture.records.keys()]);
  await publishCommand([await writeLibrary(fixture.files, 'Indexed'), '--out', out, '--shard-items', '16'], quietProgress);
  return { fixture, manifest: JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest };
}

async function published(items: number) {
  const out = await tempDir('published-');
  const { fixture, manifest } = await publishTo(out, items);
  const site = await serve({ '/published/': out });
  return { fixture, out, site, manifest, url: `${site.url}/published/` };
}

const dbOf = async (api: Api, path: string) => api.open((await api.registry.find(path))!).db;
const listed = async (api: Api, library: string, isDeleted = false) =>
  (await call<Listed>(api, 'GET', '/item/get', { limit: 10_000, orderBy: 'NAME', ...(isDeleted ? { isDeleted } : {}) }, { library })).data.data.map((item) => item.id).sort();
/** Every item a listing shows, in the trash or not. */
const listedAll = async (api: Api, library: string) => [...(await listed(api, library)), ...(await listed(api, library, true))].sort();
/** A route's list, whether it answers it as `data` or as `data.data`. */
const listOf = <T>(body: unknown): T[] => (Array.isArray(body) ? body : (body as { data: T[] }).data);
const found = async (api: Api, library: string, query: string) =>
  (await call<Listed>(api, 'POST', '/item/query', { query, limit: 10_000 }, { library })).data.data.map((item) => item.id).sort();
/** The oldest item: the first shard's first, the one the load stores last. */
const oldest = async (out: string, manifest: Manifest) => (JSON.parse(await readFile(join(out, manifest.shards[0]!.file), 'utf8')) as Shard).items[0]!;

/** A first bulk load with every shard stored, waiting for its index: the postings file is away from the host. */
async function waitingForItsIndex(items: number) {
  const { out, site, manifest, url } = await published(items);
  const postings = manifest.index!.postings[0]!;
  await rename(join(out, postings), join(out, `${postings}.away`));
  const api = makeApi({ fetchSource: (address) => fetch(address) });
  expect((await call(api, 'POST', '/library/subscribe', { url, wait: true })).httpStatus).toBe(400);
  const library = `/libraries/${manifest.name}.library`;
  const db = await dbOf(api, library);
  expect((await readSubscription(db))?.bulk).toBe(true);
  return { out, site, url, api, library, db };
}

/** What a visitor reads of a library: every listing, search, tag and folder the tests compare. */
async function reads(api: Api, library: string) {
  const tags = listOf<{ name: string; count: number }>((await call<unknown>(api, 'GET', '/tag/get', {}, { library })).data).map(({ name, count }) => ({ name, count }));
  const folders = listOf<unknown>((await call<unknown>(api, 'GET', '/folder/get', {}, { library })).data);
  return {
    items: await listed(api, library),
    trash: await listed(api, library, true),
    cat: await found(api, library, 'cat'),
    tags: tags.sort((a, b) => (a.name < b.name ? -1 : 1)),
    folders: JSON.stringify(folders),
  };
}

describe('a published library with its index prebuilt', { timeout: 120_000 }, () => {
  it('publishes the index in this layout, listed in the manifest; a first load puts it in bulk, and every index then equals a rebuild and every read equals a load through the pipeline', async () => {
    const { out, site, manifest, url } = await published(300);
    expect(manifest.index?.layout).toBe(INDEX_LAYOUT);
    expect(manifest.index!.postings.length).toBeGreaterThan(0);
    for (const file of [...manifest.index!.postings, manifest.index!.counts]) expect(manifest.files).toContain(file);

    const api = makeApi({ fetchSource: (address) => fetch(address) });
    const heard: ChangeEvent[] = [];
    api.changes.subscribe((event) => heard.push(event));
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
    const db = await dbOf(api, data.path);
    // The index put is announced once, for the library, not as every item's id again.
    const indexed = heard.filter((event) => event.kind === 'library' && event.action === 'indexed');
    expect(indexed.map((event) => [event.ids, event.library])).toEqual([[[data.path], data.path]]);
    const announcedItems = heard.filter((event) => event.kind === 'item' && event.action === 'added').flatMap((event) => event.ids);
    expect(announcedItems).toHaveLength(FIRST_SCREEN_ITEMS);
    // Each batch tells how far the load got (its rows announce no ids), then its end.
    const progress = heard.filter((event) => event.kind === 'library' && (event.action === 'loading' || event.action === 'loaded'));
    expect(progress.at(-1)).toMatchObject({ action: 'loaded', ids: [data.path] });
    const loading = progress.slice(0, -1).map((event) => event.details);
    expect(loading.length).toBeGreaterThan(0);
    expect(loading.every((details) => details?.total === manifest.counts.items && details.indexed === false)).toBe(true);
    expect(loading.map((details) => details!.stored)).toEqual([...loading.map((details) => details!.stored)].sort((a, b) => Number(a) - Number(b)));
    expect(loading.at(-1)!.stored).toBe(manifest.counts.items);
    expect((await call<Record<string, unknown>>(api, 'GET', '/library/info', {}, { library: data.path })).data.loading).toBeUndefined();
    expect(site.requests.filter((path) => path.includes('/index/')).sort()).toEqual([...manifest.index!.postings, manifest.index!.counts].map((file) => `/published/${file}`).sort());
    const subscription = await readSubscription(db);
    expect(subscription?.ready).toBe(true);
    expect(subscription?.bulk).toBeUndefined();
    await expectIndexesMatchRebuild(db);

    // The same library loaded through the pipeline (its index in a layout this code does not read).
    const other = await tempDir('published-');
    await publishTo(other, 300);
    const changed = JSON.parse(await readFile(join(other, 'manifest.json'), 'utf8')) as Manifest;
    await writeFile(join(other, 'manifest.json'), JSON.stringify({ ...changed, index: { ...changed.index, layout: 'another layout' } }));
    site.mount('/pipeline/', other);
    const seen = site.requests.length;
    const piped = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url: `${site.url}/pipeline/`, wait: true });
    expect(site.requests.slice(seen).filter((path) => path.includes('/index/'))).toEqual([]);
    const pipedDb = await dbOf(api, piped.data.path);
    expect((await readSubscription(pipedDb))?.bulk).toBeUndefined();
    await expectIndexesMatchRebuild(pipedDb);
    expect(listsOf(await db.postings.toArray())).toEqual(listsOf(await pipedDb.postings.toArray()));
    expect(await reads(api, data.path)).toEqual(await reads(api, piped.data.path));
  });

  it('searches the first screen only until the index is put: a search does not find what is stored but not indexed yet', async () => {
    const { out, manifest, url } = await published(300);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let indexAsked!: () => void;
    const asked = new Promise<void>((resolve) => (indexAsked = resolve));
    const api = makeApi({
      fetchSource: async (address) => {
        if (address.includes('/index/')) {
          indexAsked();
          await gate;
        }
        return fetch(address);
      },
    });
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url });
    const library = data.path;
    const first = await listedAll(api, library);
    expect(first).toHaveLength(FIRST_SCREEN_ITEMS);
    await asked; // every shard stored, the index on its way
    const db = await dbOf(api, library);
    expect(await db.items.count()).toBe(manifest.counts.items);
    // Listings read the rows: every stored item, the trashed ones in the trash only. Search reads the index: the first screen's.
    expect(await listedAll(api, library)).toEqual([...(await db.items.toArray()).map((row) => row.id)].sort());
    const old = await oldest(out, manifest);
    expect(first).not.toContain(old.id);
    expect(await found(api, library, `"${String(old.record.name)}"`)).not.toContain(old.id);
    open();
    await api.subscriptions.whenIdle();
    expect(await found(api, library, `"${String(old.record.name)}"`)).toContain(old.id);
    expect(await listedAll(api, library)).toHaveLength(manifest.counts.items);
    await expectIndexesMatchRebuild(db);
  });

  it('a missing or damaged index file is an error naming it, and leaves the library as it was; once the file is right a subscribe again finishes the load', async () => {
    const { out, manifest, url } = await published(200 + FIRST_SCREEN_ITEMS);
    const postings = manifest.index!.postings[0]!;
    await rename(join(out, postings), join(out, `${postings}.away`));
    const api = makeApi({ fetchSource: (address) => fetch(address) });
    const missing = await call(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(missing.httpStatus).toBe(400);
    expect(missing.body.message).toContain(postings);
    const library = `/libraries/${manifest.name}.library`;
    expect(await api.registry.find(library)).toBeDefined();
    const db = await dbOf(api, library);
    const before = { items: await listed(api, library), postings: await db.postings.toArray(), tags: await db.tags.toArray() };
    const old = await oldest(out, manifest);
    expect(await found(api, library, `"${String(old.record.name)}"`)).not.toContain(old.id);
    expect((await readSubscription(db))?.bulk).toBe(true);

    // Damaged: other bytes under the name.
    await writeFile(join(out, postings), '{"rows":[]}');
    const damaged = await call(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(damaged.httpStatus).toBe(400);
    expect(damaged.body.message).toContain(postings);
    expect(damaged.body.message).toContain('hash');
    expect({ items: await listed(api, library), postings: await db.postings.toArray(), tags: await db.tags.toArray() }).toEqual(before);

    await rename(join(out, `${postings}.away`), join(out, postings));
    const again = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(again.data.path).toBe(library);
    expect((await readSubscription(db))?.ready).toBe(true);
    await expectIndexesMatchRebuild(db);
  });

  it('a background load that fails is tried again while the worker lives, and finishes once the host serves the file again', async () => {
    const { out, manifest, url } = await published(200 + FIRST_SCREEN_ITEMS);
    const postings = manifest.index!.postings[0]!;
    await rename(join(out, postings), join(out, `${postings}.away`));
    const errors: unknown[] = [];
    const api = makeApi({ fetchSource: (address) => fetch(address), onBackgroundError: (error) => errors.push(error), retryPublishedLoadAfterMs: Array(500).fill(20) });
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url });
    const db = await dbOf(api, data.path);
    // Failed, and tried again (and failed again), with nothing lost: every shard stays stored.
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 20 });
    expect(String(errors[0])).toContain(postings);
    expect((await readSubscription(db))?.bulk).toBe(true);
    await rename(join(out, `${postings}.away`), join(out, postings));
    await vi.waitFor(async () => expect(await readSubscription(db)).toMatchObject({ ready: true }), { timeout: 30_000, interval: 50 });
    expect((await readSubscription(db))?.bulk).toBeUndefined();
    await expectIndexesMatchRebuild(db);
  });

  it('a retry that comes while a request waits for the load goes after that load, so the load still finishes when that one fails too', async () => {
    const { out, manifest, url } = await published(200 + FIRST_SCREEN_ITEMS);
    const postings = manifest.index!.postings[0]!;
    await rename(join(out, postings), join(out, `${postings}.away`));
    const errors: unknown[] = [];
    // While `held` is set, the postings file hangs until it is released, then answers 404.
    let held: Promise<void> | undefined;
    let release!: () => void;
    let reached!: () => void;
    const reachedHeld = new Promise<void>((resolve) => (reached = resolve));
    const fetchSource = async (address: string) => {
      if (held && address.endsWith(postings)) {
        reached();
        await held;
        return new Response('away', { status: 404 });
      }
      return fetch(address);
    };
    const api = makeApi({ fetchSource, onBackgroundError: (error) => errors.push(error), retryPublishedLoadAfterMs: [500] });
    const { data } = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url });
    const db = await dbOf(api, data.path);
    await vi.waitFor(() => expect(errors.length).toBe(1), { timeout: 30_000, interval: 20 });
    // A request waits for the load, which hangs on the postings file.
    held = new Promise<void>((resolve) => (release = resolve));
    const waited = call(api, 'POST', '/library/subscribe', { url, wait: true });
    await reachedHeld;
    // The retry falls due 500 ms after the first failure, while this load hangs.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The host serves the file again, and the waiting load fails with what it was answered before.
    await rename(join(out, `${postings}.away`), join(out, postings));
    held = undefined;
    release();
    expect((await waited).httpStatus).toBe(400);
    await vi.waitFor(async () => expect(await readSubscription(db)).toMatchObject({ ready: true }), { timeout: 30_000, interval: 50 });
    await expectIndexesMatchRebuild(db);
  });

  it('a load stopped in a bulk batch, or while the index is put, resumes in a restarted core to the same state', async () => {
    const { out, manifest, url } = await published(600);
    const reference = makeApi({ fetchSource: (address) => fetch(address) });
    const whole = (await call<{ path: string }>(reference, 'POST', '/library/subscribe', { url, wait: true })).data.path;
    const expected = await reads(reference, whole);
    const expectedLists = listsOf(await (await dbOf(reference, whole)).postings.toArray());

    for (const stop of ['a bulk batch', 'the index put'] as const) {
      const namespace = `bulk-${Math.random().toString(36).slice(2)}`;
      const errors: unknown[] = [];
      const api = makeApi({ namespace, onBackgroundError: (error) => errors.push(error), fetchSource: (address) => fetch(address) });
      const library = (await call<{ path: string }>(api, 'POST', '/library/subscribe', { url })).data.path;
      const db = await dbOf(api, library);
      const doomed = (JSON.parse(await readFile(join(out, manifest.shards[1]!.file), 'utf8')) as Shard).items[0]!.id;
      const failing = (_key: unknown, row: { id?: string; list?: string }) => {
        if (stop === 'a bulk batch' ? row.id === doomed : row.list !== undefined) throw new Error(`stopped in ${stop}`);
      };
      const table = stop === 'a bulk batch' ? db.items : db.postings;
      // The first screen's postings are written before the load starts: the hook goes on after the answer.
      table.hook('creating', failing as never);
      await api.subscriptions.whenIdle();
      table.hook('creating').unsubscribe(failing as never);
      expect(String(errors[0])).toContain(`stopped in ${stop}`);
      const old = await oldest(out, manifest);
      expect(await found(api, library, `"${String(old.record.name)}"`)).not.toContain(old.id);
      expect((await readSubscription(db))?.bulk).toBe(true);
      api.close();

      const restarted = makeApi({ namespace, fetchSource: (address) => fetch(address) });
      await restarted.subscriptions.resume();
      await restarted.subscriptions.whenIdle();
      const resumed = await dbOf(restarted, library);
      expect((await readSubscription(resumed))?.ready).toBe(true);
      await expectIndexesMatchRebuild(resumed);
      expect(listsOf(await resumed.postings.toArray()), stop).toEqual(expectedLists);
      expect(await reads(restarted, library), stop).toEqual(expected);
    }
  });

  it('an update that arrives before a bulk load put its index, with an index in another layout, ends with the index built from the stored rows', async () => {
    const { out, site, url, api, library, db } = await waitingForItsIndex(300);
    // library/info tells an app that every item is in but search does not see them all yet.
    const info = await call<{ loading?: unknown }>(api, 'GET', '/library/info', {}, { library });
    expect(info.data.loading).toEqual({ stored: (await readSubscription(db))!.manifest.counts.items, total: (await readSubscription(db))!.manifest.counts.items, indexed: false });

    const { manifest } = await publishTo(out, 320);
    await writeFile(join(out, 'manifest.json'), JSON.stringify({ ...manifest, index: { ...manifest.index, layout: 'another layout' } }));
    const seen = site.requests.length;
    expect((await call(api, 'POST', '/library/subscribe', { url, wait: true })).httpStatus).toBe(200);
    expect(site.requests.slice(seen).filter((path) => path.includes('/index/'))).toEqual([]);
    const subscription = await readSubscription(db);
    expect(subscription?.bulk).toBeUndefined();
    expect(subscription?.ready).toBe(true);
    await expectIndexesMatchRebuild(db);
    expect(await listedAll(api, library)).toHaveLength(manifest.counts.items);
  });

  it('an update that arrives before a bulk load put its index, with an item edited, ends with an index of the stored keys, not the published one', async () => {
    const { out, url, api, library, db } = await waitingForItsIndex(300);

    // A new modification time gives the item another key in the published index; the stored row keeps its own.
    const { fixture, manifest } = await publishTo(out, 300, (files, ids) => {
      const path = [...files.keys()].find((name) => name.startsWith(`images/${ids[5]!}`) && name.endsWith('metadata.json'))!;
      const record = JSON.parse(new TextDecoder().decode(files.get(path)!)) as Record<string, unknown>;
      files.set(path, new TextEncoder().encode(JSON.stringify({ ...record, name: 'Zebra crossing', modificationTime: Number(record.modificationTime) + 1 })) as Uint8Array<ArrayBuffer>);
    });
    expect(manifest.index!.layout).toBe(INDEX_LAYOUT);
    expect((await call(api, 'POST', '/library/subscribe', { url, wait: true })).httpStatus).toBe(200);
    const subscription = await readSubscription(db);
    expect(subscription?.bulk).toBeUndefined();
    expect(subscription?.ready).toBe(true);
    await expectIndexesMatchRebuild(db);
    expect(await found(api, library, 'zebra')).toEqual([[...fixture.records.keys()][5]!]);
    expect(await listedAll(api, library)).toHaveLength(manifest.counts.items);
  });

  it('an update after a bulk load goes through the pipeline, and only what changed is written', async () => {
    const { out, site, manifest: old, url } = await published(300);
    const api = makeApi({ fetchSource: (address) => fetch(address) });
    const library = (await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true })).data.path;
    const { fixture, manifest } = await publishTo(out, 310, (files, ids) => {
      const id = ids[5]!;
      const path = [...files.keys()].find((name) => name.startsWith(`images/${id}`) && name.endsWith('metadata.json'))!;
      files.set(path, new TextEncoder().encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(files.get(path)!)), name: 'Zebra crossing' })) as Uint8Array<ArrayBuffer>);
    });
    expect(manifest.index!.postings).not.toEqual(old.index!.postings);
    const seen = site.requests.length;
    await call(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(site.requests.slice(seen).filter((path) => path.includes('/index/'))).toEqual([]);
    const db = await dbOf(api, library);
    expect((await readSubscription(db))?.manifest.contentVersion).toBe(manifest.contentVersion);
    await expectIndexesMatchRebuild(db);
    expect(await found(api, library, 'zebra')).toEqual([[...fixture.records.keys()][5]!]);
  });
});
