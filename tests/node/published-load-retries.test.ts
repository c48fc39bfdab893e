// A published library's background load retried after a failure (subscriptions.ts, RETRY_AFTER_MS).
// Against library/remove: a retry under way when the library is removed does not open it again
// (Dexie would make its database afresh, empty, under the old name), and a removal that fails
// leaves the library as it was, its load going on. Once every retry failed, library/info and the
// `library loading` event say so, with the error, instead of a progress that looks stuck.
import { describe, expect, it, vi } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from './fixtures/eagle-library';
import { quietProgress, serveForEachTest, writeLibrary } from './fixtures/published-sites';
import { tempDir } from './fixtures/temp-dirs';
import { call, makeApi, newLibrary } from './helpers';
import { publishedLoadText } from '../../src/app/shell/published-load';
import type { ChangeEvent } from '../../src/core';
import type { Manifest } from '../../src/core/publish/published-format';
import { readSubscription, type PublishedLoad } from '../../src/core/publish/subscription-state';

const serve = serveForEachTest();

async function publishedUrl(items: number): Promise<string> {
  const fixture = buildEagleLibrary({ name: 'Retried', items, plain: true });
  const out = await tempDir('published-');
  await publishCommand([await writeLibrary(fixture.files, 'Retried'), '--out', out, '--shard-items', '16'], quietProgress);
  const site = await serve({ '/published/': out });
  return `${site.url}/published/`;
}

/**
 * A host whose shards answer 404 while `away` is set, and wait while `held` is (what the first
 * screen needs is fetched before either).
 */
function host() {
  const state: { away: boolean; held?: Promise<void> } = { away: false };
  const fetchSource = async (address: string) => {
    if (!address.includes('/shards/')) return fetch(address);
    await state.held;
    return state.away ? new Response('away', { status: 404 }) : fetch(address);
  };
  return { state, fetchSource };
}

const databaseNames = async () => (await indexedDB.databases()).map((database) => database.name);

describe('a published load retried while its library is removed', { timeout: 60_000 }, () => {
  it('a retry that read the registry just before the removal does not open the library again: its database stays deleted', async () => {
    const url = await publishedUrl(300);
    const namespace = `retries-${Math.random().toString(36).slice(2)}`;
    const { state, fetchSource } = host();
    // The first failure arms the registry: the retry it schedules is the next to read it, and the
    // library is removed (registry entry and database) before that read answers.
    let path = '';
    let armed = false;
    let removedWhileRead!: (status: number) => void;
    const removal = new Promise<number>((resolve) => (removedWhileRead = resolve));
    const api = makeApi({ namespace, fetchSource, retryPublishedLoadAfterMs: [0], onBackgroundError: () => (armed = true) });
    const find = api.registry.find.bind(api.registry);
    vi.spyOn(api.registry, 'find').mockImplementation(async (asked) => {
      const record = await find(asked);
      if (armed && asked === path) {
        armed = false;
        removedWhileRead((await call(api, 'POST', '/library/remove', { libraryPath: path })).httpStatus);
      }
      return record;
    });
    await newLibrary(api, 'Kept'); // the last library cannot be removed
    path = (await call<{ path: string }>(api, 'POST', '/library/subscribe', { url })).data.path;
    const database = `${namespace}/library${path}`;
    expect(await databaseNames()).toContain(database);
    state.away = true;
    // An app's first read lets the load start at once (it waits for one, else for a few seconds).
    await call(api, 'GET', '/item/get', { limit: 1 }, { library: path });

    expect(await removal).toBe(200);
    await api.subscriptions.whenIdle();
    expect(await api.registry.find(path)).toBeUndefined();
    expect(await databaseNames()).not.toContain(database);
  });

  it('a removal that fails leaves the library as it was, and its load, stopped for the removal, goes on and finishes', async () => {
    const url = await publishedUrl(300);
    const { state, fetchSource } = host();
    let failed!: () => void;
    const firstFailure = new Promise<void>((resolve) => (failed = resolve));
    // A retry far off: the load goes on only if the failed removal takes it up again.
    const api = makeApi({ fetchSource, retryPublishedLoadAfterMs: [60_000], onBackgroundError: () => failed() });
    await newLibrary(api, 'Kept');
    const path = (await call<{ path: string }>(api, 'POST', '/library/subscribe', { url })).data.path;
    state.away = true;
    await call(api, 'GET', '/item/get', { limit: 1 }, { library: path });
    await firstFailure;
    const ids = async () => (await call<{ data: { id: string }[] }>(api, 'GET', '/item/get', { limit: 10_000 }, { library: path })).data.data.map((item) => item.id).sort();
    const before = await ids();
    const { db } = api.open((await api.registry.find(path))!);
    vi.spyOn(db, 'delete').mockRejectedValueOnce(new Error('the disk is busy'));
    // The host is back (the retry is a minute away), its shards held until the library was compared.
    let release!: () => void;
    state.held = new Promise<void>((resolve) => (release = resolve));
    state.away = false;

    const removal = await call(api, 'POST', '/library/remove', { libraryPath: path });
    expect(removal.httpStatus).toBe(500);
    expect(await api.registry.find(path)).toBeDefined();
    expect(await ids()).toEqual(before);
    release();
    await api.subscriptions.whenIdle();
    expect(await readSubscription(db)).toMatchObject({ ready: true });
    expect((await ids()).length).toBe(300);
  });
});

describe('a published load whose every retry failed', { timeout: 60_000 }, () => {
  it('says that it failed and why, in library/info and a `library loading` event, not a progress that looks stuck; subscribing again (as the app does when reloaded) tries again', async () => {
    const url = await publishedUrl(300);
    const manifest = (await (await fetch(`${url}manifest.json`)).json()) as Manifest;
    // Every shard is stored; the last step, which reads the published index, fails.
    const counts = manifest.index!.counts;
    let indexAway = false;
    const fetchSource = async (address: string) => (indexAway && address.endsWith(counts) ? new Response('away', { status: 404 }) : fetch(address));
    let allFailed!: () => void;
    const retriesDone = new Promise<void>((resolve) => (allFailed = resolve));
    let failures = 0;
    const api = makeApi({ fetchSource, retryPublishedLoadAfterMs: [0], onBackgroundError: () => ++failures === 2 && allFailed() });
    const heard: ChangeEvent[] = [];
    api.changes.subscribe((event) => heard.push(event));
    const path = (await call<{ path: string }>(api, 'POST', '/library/subscribe', { url })).data.path;
    indexAway = true;
    const loading = async () => (await call<{ loading?: PublishedLoad }>(api, 'GET', '/library/info', {}, { library: path })).data.loading;
    await call(api, 'GET', '/item/get', { limit: 1 }, { library: path });

    await retriesDone;
    const failed = { stored: 300, total: 300, failed: expect.stringContaining(`${counts}: ${url}${counts} answered HTTP 404`) };
    expect(await loading()).toMatchObject(failed);
    const lastLoadEvent = () => heard.filter((event) => event.kind === 'library' && event.library === path).at(-1);
    await vi.waitFor(() => expect(lastLoadEvent()).toMatchObject({ action: 'loading', details: failed }));
    const text = publishedLoadText((await loading())!);
    expect(text.short).toMatch(/^Load failed/);
    expect(text.long).toContain('answered HTTP 404');
    expect(text.long).toContain('Reload the page to try again');

    indexAway = false;
    expect((await call(api, 'POST', '/library/subscribe', { url })).httpStatus).toBe(200);
    expect((await loading())?.failed).toBeUndefined();
    await api.subscriptions.whenIdle();
    expect(await loading()).toBeUndefined();
    expect(lastLoadEvent()).toMatchObject({ action: 'loaded' });
  });
});
