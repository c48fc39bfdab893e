/**
 * Sync through a real CouchDB-protocol server (pouchdb-server on loopback, ../sync/couch-server.ts):
 * two cores on their own fake-indexeddb databases stand for two devices.
 */
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { loadNodePouch, loadNodePouchWith } from '../sync/node-pouch';
import { converge, makeDevice as makeApi, post, useCouchServer } from './fixtures/sync-devices';
import { startSyncLoop } from '../../src/app/sync/sync-loop';
import { SyncStatusStore } from '../../src/app/sync/sync-status-store';
import { apiPort, call, makeApi as makeCore } from './helpers';
import { SYNC_STATUS_KEY } from '../../src/core/sync/sync-state';

const { server: couch, newDatabase } = useCouchServer('lib');

interface Status {
  state: string;
  url: string;
  pushed: number;
  pulled: number;
  pending: number;
  conflictsMerged: number;
  error: string | null;
  firstPull: { received: number; total: number } | null;
}

const run = (api: Api) => post<Status>(api, '/sync/run');

/** Every item as item/get answers it, by id (items in the trash too). */
async function itemsOf(api: Api): Promise<Map<string, Record<string, unknown>>> {
  const live = (await call<{ data: Record<string, unknown>[] }>(api, 'GET', '/item/get', { limit: 1000 })).data.data;
  const trashed = (await call<{ data: Record<string, unknown>[] }>(api, 'GET', '/item/get', { limit: 1000, isDeleted: true })).data.data;
  return new Map([...live, ...trashed].map((item) => [String(item.id), withoutLocalFields(item)]));
}

/** The URLs and thumbnail state are each device's own (files on demand: sync-files.test.ts). */
function withoutLocalFields(item: Record<string, unknown>): Record<string, unknown> {
  const { fileURL, thumbnailURL, thumbnailReady, ...shared } = item;
  return shared;
}

const bookmark = (name: string, extra: Record<string, unknown> = {}) => ({ name, bookmarkURL: `https://example.com/${name}`, ...extra });
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

describe('sync: two devices through a CouchDB-protocol server', () => {
  it('brings a whole library to a fresh device: items, nested folders, smart folders, tag groups, comments', async () => {
    const [a, b] = [makeApi(), makeApi()];
    const url = newDatabase();
    const trips = await post<{ id: string }>(a, '/folder/create', { name: 'Trips' });
    const alps = await post<{ id: string }>(a, '/folder/create', { name: 'Alps', parent: trips.id });
    const group = await post<{ id: string }>(a, '/tagGroup/create', { name: 'Animals', tags: ['cat', 'dog'] });
    const smart = await post<{ id: string }>(a, '/smartFolder/create', { name: 'Cats', conditions: [{ rules: [{ property: 'tags', method: 'union', value: ['cat'] }], match: 'AND', boolean: 'TRUE' }] });
    const items = Array.from({ length: 200 }, (_, i) =>
      i % 2 ? bookmark(`page ${i}`, { tags: i % 4 === 1 ? ['cat'] : ['dog'], folders: [i % 3 ? alps.id : trips.id] }) : { name: `pic ${i}`, base64: PNG_1PX, ext: 'png', tags: ['pic'], folders: [alps.id] },
    );
    for (let start = 0; start < items.length; start += 100) await post(a, '/item/add', { items: items.slice(start, start + 100) });
    const first = [...(await itemsOf(a)).keys()][0]!;
    const comment = await post<{ id: string }>(a, '/item/addComment', { id: first, annotation: 'look here', x: 1, y: 2, width: 3, height: 4 });
    await post(a, '/tag/update', { name: 'cat', starred: true }).catch(() => {});

    const started = await post<Status>(a, '/sync/start', { url });
    expect(started).toMatchObject({ state: 'connecting', url, pushed: 0, error: null });
    expect((await run(a)).pushed).toBeGreaterThanOrEqual(205);
    await post(b, '/sync/start', { url });
    const pulled = await run(b);
    expect(pulled).toMatchObject({ state: 'idle', error: null });
    expect(pulled.pulled).toBeGreaterThanOrEqual(205);

    const [onA, onB] = [await itemsOf(a), await itemsOf(b)];
    expect(onB.size).toBe(200);
    expect((await call<number>(b, 'GET', '/item/countAll')).data, 'the pulled items are counted').toBe(200);
    for (const [id, item] of onA) expect(onB.get(id)).toEqual(item);
    const folderTree = (api: Api) => call(api, 'GET', '/folder/get').then((answer) => answer.data);
    expect(await folderTree(b)).toEqual(await folderTree(a));
    expect((await call(b, 'GET', '/tagGroup/get')).data).toEqual((await call(a, 'GET', '/tagGroup/get')).data);
    // A 400 on both devices would compare equal too: each answer is checked to hold the 50 cat pages.
    const cats = async (api: Api) => {
      const answer = await call<{ data: Record<string, unknown>[]; total: number }>(api, 'GET', '/smartFolder/getItems', { smartFolderId: smart.id, limit: 1000 });
      expect(answer.httpStatus).toBe(200);
      expect(answer.data.total).toBe(50);
      expect(answer.data.data).toHaveLength(50);
      return answer.data.data.map(withoutLocalFields);
    };
    expect(await cats(b)).toEqual(await cats(a));
    expect((await call(b, 'GET', '/item/getComments', { id: first })).data).toEqual([expect.objectContaining({ id: comment.id, annotation: 'look here' })]);
    expect((await call(b, 'GET', '/tag/get', { limit: 1000 })).data).toEqual((await call(a, 'GET', '/tag/get', { limit: 1000 })).data);
    expect((await call<{ data: unknown[] }>(b, 'POST', '/item/query', { query: 'look' })).data.data).toHaveLength(1);
    expect(group.id).toBeTruthy();
  }, 120_000);

  it('merges offline edits of both devices by the rules, and both end with the same library', async () => {
    const [a, b] = [makeApi(), makeApi()];
    const url = newDatabase();
    const parent = await post<{ id: string }>(a, '/folder/create', { name: 'P' });
    const [x, y] = [await post<{ id: string }>(a, '/folder/create', { name: 'X' }), await post<{ id: string }>(a, '/folder/create', { name: 'Y' })];
    const group = await post<{ id: string }>(a, '/tagGroup/create', { name: 'G', tags: ['g1'] });
    const tagged = await post<{ id: string }>(a, '/item/add', bookmark('tagged', { tags: ['a', 'b'], folders: [parent.id] }));
    const fields = await post<{ id: string }>(a, '/item/add', bookmark('fields'));
    const trashedThenEdited = await post<{ id: string }>(a, '/item/add', bookmark('trash-early'));
    const editedThenTrashed = await post<{ id: string }>(a, '/item/add', bookmark('trash-late'));
    const commented = await post<{ id: string }>(a, '/item/add', bookmark('commented'));
    await post(a, '/sync/start', { url });
    await run(a);
    await post(b, '/sync/start', { url });
    await run(b);

    // Offline: the server is down; both devices edit.
    await couch().stop();
    expect(await run(a)).toMatchObject({ state: 'offline', error: expect.stringContaining('did not answer') });
    await post(a, '/item/update', { id: tagged.id, tags: ['a', 'b', 'c'] });
    await post(b, '/item/update', { id: tagged.id, tags: ['a'], folders: [] });
    await post(b, '/item/update', { id: fields.id, star: 4 });
    await post(a, '/item/update', { id: fields.id, name: 'renamed on A' });
    await post(a, '/item/update', { id: trashedThenEdited.id, isDeleted: true });
    await post(b, '/item/update', { id: editedThenTrashed.id, annotation: 'note from B' });
    await sleep(5);
    await post(b, '/item/update', { id: trashedThenEdited.id, annotation: 'edited later on B' });
    await post(a, '/item/update', { id: editedThenTrashed.id, isDeleted: true });
    await post(a, '/item/addComment', { id: commented.id, annotation: 'from A', x: 0, y: 0, width: 1, height: 1 });
    await post(b, '/item/addComment', { id: commented.id, annotation: 'from B', x: 0, y: 0, width: 1, height: 1 });
    await post(a, '/folder/update', { id: x.id, parent: y.id });
    await sleep(5);
    await post(b, '/folder/update', { id: y.id, parent: x.id });
    await post(a, '/tagGroup/update', { id: group.id, tags: ['g1', 'g2'] });
    await post(b, '/tagGroup/update', { id: group.id, tags: [], name: 'G on B' });

    await couch().start();
    await converge(a, b);

    const [onA, onB] = [await itemsOf(a), await itemsOf(b)];
    for (const [id, item] of onA) expect(onB.get(id)).toEqual(item);
    expect(onA.get(tagged.id)).toMatchObject({ tags: ['c'].length ? expect.arrayContaining(['a', 'c']) : [], folders: [] });
    expect(onA.get(tagged.id)!.tags).toHaveLength(2);
    expect(onA.get(fields.id)).toMatchObject({ name: 'renamed on A', star: 4 });
    expect(onA.get(trashedThenEdited.id)).toMatchObject({ isDeleted: false, annotation: 'edited later on B' });
    expect(onA.get(editedThenTrashed.id)).toMatchObject({ isDeleted: true, annotation: 'note from B' });
    // Trash and restore merged from the other device move the counts too: 4 of the 5 items out of the trash.
    for (const device of [a, b]) expect((await call<number>(device, 'GET', '/item/countAll')).data).toBe(4);
    const comments = (api: Api) => call<{ annotation: string }[]>(api, 'GET', '/item/getComments', { id: commented.id }).then((answer) => answer.data.map((c) => c.annotation).sort());
    expect(await comments(a)).toEqual(['from A', 'from B']);
    expect(await comments(b)).toEqual(['from A', 'from B']);
    const tree = (api: Api) => call(api, 'GET', '/folder/get').then((answer) => answer.data);
    expect(await tree(b)).toEqual(await tree(a));
    // Y moved last: the cycle X ⇄ Y is broken by moving Y to the root, X stays under it.
    const folder = async (api: Api, id: string) => (await call<{ data: { parent: string | null }[] }>(api, 'GET', '/folder/get', { id })).data.data[0]!;
    expect((await folder(a, y.id)).parent).toBeNull();
    expect((await folder(a, x.id)).parent).toBe(y.id);
    const groups = (api: Api) => call<{ data: unknown[] }>(api, 'GET', '/tagGroup/get').then((answer) => answer.data.data);
    expect(await groups(a)).toEqual(await groups(b));
    expect(await groups(a)).toEqual([expect.objectContaining({ name: 'G on B', tags: ['g2'] })]);
    expect((await run(a)).conflictsMerged + (await run(b)).conflictsMerged).toBeGreaterThan(0);
  }, 120_000);

  it('keeps two open apps in step with the page loop: an edit on one shows on the other within seconds', async () => {
    const [a, b] = [makeApi(), makeApi()];
    const url = newDatabase();
    const { id } = await post<{ id: string }>(a, '/item/add', bookmark('live'));
    await post(a, '/sync/start', { url });
    await post(b, '/sync/start', { url });
    const shown = [new SyncStatusStore(), new SyncStatusStore()];
    const stops = [a, b].map((device, i) => startSyncLoop(apiPort(() => device, () => ''), { periodMs: 100, retryMs: 500, idleMs: 500, store: shown[i] }));
    const latencies: number[] = [];
    try {
      for (let edit = 1; edit <= 5; edit += 1) {
        const started = Date.now();
        await post(a, '/item/update', { id, annotation: `edit ${edit}` });
        for (;;) {
          const shown = (await call<{ data: { annotation: string }[] }>(b, 'GET', '/item/get', { id })).data.data[0];
          if (shown?.annotation === `edit ${edit}`) break;
          if (Date.now() - started > 20_000) throw new Error(`edit ${edit} did not reach B within 20 s`);
          await sleep(20);
        }
        latencies.push(Date.now() - started);
      }
    } finally {
      for (const stop of stops) stop();
    }
    // Each page's loop shared the status it read (the status bar shows it).
    for (const store of shown) expect(store.status).toMatchObject({ state: 'idle', url, error: null });
    latencies.sort((x, y) => x - y);
    console.info(`[sync] edit on A until shown on B (loop period 100 ms): median ${latencies[2]} ms, max ${latencies[4]} ms`);
    expect(await post(b, '/sync/stop')).toBe(true);
  }, 120_000);

  it('starts again when a start was cut after its settings: sent again, it writes the status, not "off" for good', async () => {
    const device = makeApi();
    const url = newDatabase();
    await post(device, '/sync/start', { url });
    // What an older start left when the worker stopped between its writes: settings, and no status.
    const { db } = device.open(await device.registry.current());
    await db.state.delete(SYNC_STATUS_KEY);
    expect((await call<Status>(device, 'GET', '/sync/status')).data.state).toBe('off');
    expect((await post<Status>(device, '/sync/start', { url })).state).toBe('connecting');
    expect((await run(device)).error).toBeNull();
    expect((await call<Status>(device, 'GET', '/sync/status')).data.state).toBe('idle');
  }, 60_000);

  it('says waiting when no page drives cycles, and names a refused password', async () => {
    let now = Date.now();
    const device = makeCore({ loadPouch: loadNodePouch, clock: () => now });
    await post(device, '/sync/start', { url: newDatabase() });
    await run(device);
    expect((await call<Status>(device, 'GET', '/sync/status')).data.state).toBe('idle');
    now += 31_000;
    expect((await call<Status>(device, 'GET', '/sync/status')).data.state).toBe('waiting');
    const refused = await call(device, 'POST', '/sync/start', { url: newDatabase(), username: 'bob', password: 'not-his' });
    expect(refused.httpStatus).toBe(409);
    const other = makeApi();
    const wrong = await call(other, 'POST', '/sync/start', { url: newDatabase(), username: 'bob', password: 'not-his' });
    expect(wrong).toMatchObject({ httpStatus: 400, body: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^password: .*HTTP 401/) } });
    expect(JSON.stringify(wrong.body)).not.toContain('not-his');
    expect((await call<Status>(other, 'GET', '/sync/status')).data.state).toBe('off');
  }, 60_000);

  it('says active through a cycle of many minutes while this worker runs it, and waiting once one left behind is two minutes old', async () => {
    let now = Date.now();
    const states: string[] = [];
    let device: Api | undefined;
    // Each request the cycle makes to the server: a minute passes, and the status is read.
    const minutePasses = async () => {
      now += 60_000;
      if (device) states.push((await call<Status>(device, 'GET', '/sync/status')).data.state);
    };
    device = makeCore({ loadPouch: () => loadNodePouchWith(minutePasses), clock: () => now });
    await post(device, '/sync/start', { url: newDatabase() });
    await post(device, '/item/add', bookmark('long'));
    states.length = 0;
    expect(await run(device)).toMatchObject({ state: 'idle', error: null });
    expect(states.length).toBeGreaterThan(3); // minutes of it
    expect(states.filter((state) => state !== 'connecting' && state !== 'active')).toEqual([]); // a first cycle says connecting
    // A cycle stored as running by a worker that stopped: two minutes on, nobody runs it.
    const { db } = device.open(await device.registry.current());
    const stored = (await db.state.get(SYNC_STATUS_KEY))!.value as Record<string, unknown>;
    await db.state.put({ key: SYNC_STATUS_KEY, value: { ...stored, state: 'active', lastRunAt: now, runningSince: now } });
    expect((await call<Status>(device, 'GET', '/sync/status')).data.state).toBe('active');
    now += 121_000;
    expect((await call<Status>(device, 'GET', '/sync/status')).data.state).toBe('waiting');
  }, 60_000);

  it('tells the progress of a first pull: documents received of the server database\'s doc_count', async () => {
    // Each request B's replication makes to the server first reads B's status through the API.
    const seen: { received: number; total: number }[] = [];
    let b: Api | undefined;
    const watch = async () => {
      const pull = b && (await call<{ firstPull: { received: number; total: number } | null }>(b, 'GET', '/sync/status')).data.firstPull;
      if (pull) seen.push(pull);
    };
    const a = makeApi();
    b = makeCore({ loadPouch: () => loadNodePouchWith(watch) });
    const url = newDatabase();
    for (let batch = 0; batch < 5; batch += 1) {
      await post(a, '/item/add', { items: Array.from({ length: 100 }, (_, i) => bookmark(`p${batch}-${i}`)) });
    }
    await post(a, '/sync/start', { url });
    await run(a);
    const total = ((await (await fetch(url)).json()) as { doc_count: number }).doc_count;
    expect(total).toBeGreaterThanOrEqual(500);
    await post(b, '/sync/start', { url });
    expect((await call(b, 'GET', '/sync/status')).data).toMatchObject({ firstPull: null });
    expect(await run(b)).toMatchObject({ state: 'idle', error: null, firstPull: null });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((pull) => pull.total === total)).toBe(true);
    // From what B's replica holds before the pull (its own settings document) up.
    expect(seen[0]!.received).toBeLessThanOrEqual(1);
    const received = seen.map((pull) => pull.received);
    expect(received).toEqual([...received].sort((x, y) => x - y));
    expect(received.some((count) => count > 0 && count < total)).toBe(true);
    // The first pull is over: later cycles do not ask the server's doc_count again.
    seen.length = 0;
    await post(a, '/item/add', bookmark('one more'));
    await run(a);
    await run(b);
    expect(seen).toEqual([]);
    expect((await itemsOf(b)).size).toBe(501);
  }, 120_000);

  it('loses nothing when the server dies in the middle of a pull, and finishes the pull after it is back', async () => {
    // B's second batch of changes finds the server dead: a pull cut after its first batch of 200.
    let batches = 0;
    const cutAtSecondBatch = async (requested: string) => {
      if (requested.includes('/_changes') && (batches += 1) === 2) await couch().stop();
    };
    const [a, b] = [makeApi(), makeCore({ loadPouch: () => loadNodePouchWith(cutAtSecondBatch) })];
    const url = newDatabase();
    for (let batch = 0; batch < 3; batch += 1) {
      await post(a, '/item/add', { items: Array.from({ length: 100 }, (_, i) => bookmark(`n${batch}-${i}`, { tags: [`t${i % 7}`] })) });
    }
    await post(a, '/sync/start', { url });
    await run(a);
    await post(b, '/sync/start', { url });
    const { id: local } = await post<{ id: string }>(b, '/item/add', bookmark('made on B before its first pull'));
    const cut = await run(b);
    expect(batches).toBe(2);
    await couch().start();
    // Whatever the cut left, B's library is consistent: every item it shows is whole, its own item is there.
    const partial = await itemsOf(b);
    expect(partial.has(local)).toBe(true);
    const onA = await itemsOf(a);
    for (const [id, item] of partial) if (id !== local) expect(item).toEqual(onA.get(id));
    expect(cut).toMatchObject({ state: 'offline', error: expect.stringContaining('did not answer') });
    expect(partial.size).toBeLessThan(301);
    await converge(a, b);
    const [afterA, afterB] = [await itemsOf(a), await itemsOf(b)];
    expect(afterB.size).toBe(301);
    for (const [id, item] of afterA) expect(afterB.get(id)).toEqual(item);
    const tagCounts = (api: Api) => call(api, 'GET', '/tag/get', { limit: 1000 }).then((answer) => answer.data);
    expect(await tagCounts(b)).toEqual(await tagCounts(a));
  }, 120_000);
});
