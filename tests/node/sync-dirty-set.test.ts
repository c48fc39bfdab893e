/**
 * The bookkeeping of sync's dirty set (src/core/sync/dirty-set.ts, dirty-items.ts): which items a
 * write marks, what a cycle reads from the replica's change feed, and that the checkpoint moves
 * only with the commit, so a worker stopped between reading changes and checkpointing reads them
 * again. No server: the replica is PouchDB's in-memory adapter, the library a core on fake-indexeddb.
 */
import { describe, expect, it } from 'vitest';
import { DIRTY_PREFIX } from '../../src/core/sync/dirty-items';
import { commitDirtySet, readDirtySet, REPLICA_SEQ_KEY } from '../../src/core/sync/dirty-set';
import { doneWithCandidates, fileCandidates } from '../../src/core/sync/file-candidates';
import type { Pouch } from '../../src/core/sync/pouch';
import { reconcile } from '../../src/core/sync/reconcile';
import { STEP_PREFIX, SYNC_SETTINGS_KEY } from '../../src/core/sync/sync-state';
import type { OpenLibrary } from '../../src/core/storage/open-library';
import type { Api } from '../../src/core';
import { loadNodePouch } from '../sync/node-pouch';
import { call, makeApi } from './helpers';

let replicas = 0;

async function device(): Promise<{ api: Api; library: OpenLibrary; local: Pouch }> {
  const api = makeApi({ loadPouch: loadNodePouch });
  const library = api.open(await api.registry.current());
  const PouchDB = await loadNodePouch();
  return { api, library, local: new PouchDB(`dirty-set-${process.pid}-${(replicas += 1)}`) };
}

/** Turns sync on the way sync/start leaves it, without a server: only the settings row matters here. */
const syncing = (library: OpenLibrary) => library.db.state.put({ key: SYNC_SETTINGS_KEY, value: { url: 'http://127.0.0.1:9/none', username: '', password: '', startedAt: 0 } });

async function post<T>(api: Api, path: string, input: Record<string, unknown>): Promise<T> {
  const answer = await call<T>(api, 'POST', path, input);
  if (answer.httpStatus !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.data;
}

const marks = async (library: OpenLibrary) => (await library.db.state.where('key').startsWith(DIRTY_PREFIX).primaryKeys()).map((key) => String(key).slice(DIRTY_PREFIX.length)).sort();
const now = () => Date.now();

describe('sync: the dirty set', () => {
  it('marks the items a write changes, only while the library syncs, and not a write that failed', async () => {
    const { api, library } = await device();
    const before = await post<{ id: string }>(api, '/item/add', { name: 'before sync', bookmarkURL: 'https://example.com/a' });
    expect(await marks(library)).toEqual([]);
    await syncing(library);
    await post(api, '/item/update', { id: before.id, annotation: 'edited' });
    const added = await post<{ id: string }>(api, '/item/add', { name: 'while syncing', bookmarkURL: 'https://example.com/b' });
    expect(await marks(library)).toEqual([`item:${added.id}`, `item:${before.id}`].sort());
    await library.db.state.where('key').startsWith(DIRTY_PREFIX).delete();
    const refused = await call(api, 'POST', '/item/update', { id: before.id, star: 9 });
    expect(refused.httpStatus).toBe(400);
    expect(await marks(library)).toEqual([]);
  });

  it('compares everything without a checkpoint, then only marked items and replica changes the library has not agreed with', async () => {
    const { api, library, local } = await device();
    const [a, b, c] = [
      await post<{ id: string }>(api, '/item/add', { name: 'a', bookmarkURL: 'https://example.com/a' }),
      await post<{ id: string }>(api, '/item/add', { name: 'b', bookmarkURL: 'https://example.com/b' }),
      await post<{ id: string }>(api, '/item/add', { name: 'c', bookmarkURL: 'https://example.com/c' }),
    ];
    await syncing(library);
    expect((await readDirtySet(library.db, local)).full).toBe(true);
    await reconcile(library, local, now);
    expect((await local.allDocs({ include_docs: true, keys: [`item:${a.id}`, `item:${b.id}`, `item:${c.id}`] })).rows.every((row) => row.doc)).toBe(true);
    // Its own writes to the replica are steps already: nothing is left to look at.
    const settled = await readDirtySet(library.db, local);
    expect(settled).toMatchObject({ full: false });
    expect([...settled.itemIds]).toEqual([]);

    await post(api, '/item/update', { id: a.id, annotation: 'local edit' });
    const remote = await local.get(`item:${b.id}`);
    await local.put({ ...remote, annotation: 'came in' });
    const dirty = await readDirtySet(library.db, local);
    expect([...dirty.itemIds].sort()).toEqual([`item:${a.id}`, `item:${b.id}`].sort());
    await reconcile(library, local, now);
    expect((await local.get(`item:${a.id}`)).annotation).toBe('local edit');
    expect((await call<{ data: { annotation: string }[] }>(api, 'GET', '/item/get', { id: b.id })).data.data[0]!.annotation).toBe('came in');
    expect([...(await readDirtySet(library.db, local)).itemIds]).toEqual([]);
    expect(await marks(library)).toEqual([]);
  });

  it('a worker stopped between reading the changes and checkpointing reads them again; a write meanwhile keeps its mark', async () => {
    const { api, library, local } = await device();
    const [a, b] = [
      await post<{ id: string }>(api, '/item/add', { name: 'a', bookmarkURL: 'https://example.com/a' }),
      await post<{ id: string }>(api, '/item/add', { name: 'b', bookmarkURL: 'https://example.com/b' }),
    ];
    await syncing(library);
    await reconcile(library, local, now);
    const checkpoint = (await library.db.state.get(REPLICA_SEQ_KEY))?.value;
    expect(checkpoint).toBeDefined();

    await post(api, '/item/update', { id: a.id, annotation: 'edit 1' });
    await local.put({ ...(await local.get(`item:${b.id}`)), annotation: 'pulled' });
    const read = await readDirtySet(library.db, local);
    const ids = [`item:${a.id}`, `item:${b.id}`].sort();
    expect([...read.itemIds].sort()).toEqual(ids);
    // The worker stops here: nothing was committed, so the next cycle reads the same set.
    const again = await readDirtySet(library.db, local);
    expect([...again.itemIds].sort()).toEqual(ids);
    expect(again.since).toBe(checkpoint);

    // A reconcile cut after it wrote the replica, before its commit (its bulkDocs answers, then the worker dies).
    const cut = Object.create(local) as Pouch;
    cut.bulkDocs = async (documents) => {
      await local.bulkDocs(documents);
      throw new Error('worker stopped');
    };
    await expect(reconcile(library, cut, now)).rejects.toThrow('worker stopped');
    expect((await library.db.state.get(REPLICA_SEQ_KEY))?.value).toBe(checkpoint);
    expect(await marks(library)).toEqual([`item:${a.id}`]);
    expect((await call<{ data: { annotation: string }[] }>(api, 'GET', '/item/get', { id: b.id })).data.data[0]!.annotation).toBe('');

    // A write between reading and committing leaves a new mark: the commit clears only what it read.
    const beforeWrite = await readDirtySet(library.db, local);
    await post(api, '/item/update', { id: a.id, annotation: 'edit 2' });
    await library.db.transaction('rw', library.db.state, () => commitDirtySet(library.db, beforeWrite, new Set()));
    expect(await marks(library)).toEqual([`item:${a.id}`]);
    await library.db.state.put({ key: REPLICA_SEQ_KEY, value: checkpoint });

    // The next reconcile finishes the work: the edit reaches the replica, the pulled change the library.
    await reconcile(library, local, now);
    expect((await local.get(`item:${a.id}`)).annotation).toBe('edit 2');
    expect((await call<{ data: { annotation: string }[] }>(api, 'GET', '/item/get', { id: b.id })).data.data[0]!.annotation).toBe('pulled');
    expect(await marks(library)).toEqual([]);
    expect((await library.db.state.get(STEP_PREFIX + `item:${a.id}`))?.value).toBe((await local.get(`item:${a.id}`))._rev);
  });

  it('the files step considers the files of items written since its last complete pass, after one listing of every key', async () => {
    const { api, library } = await device();
    const url = 'http://127.0.0.1:9/none';
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const old = await post<{ id: string }>(api, '/item/add', { name: 'before sync', ext: 'png', base64: png });
    await syncing(library);
    const first = await fileCandidates(library.db, url);
    expect(first).toMatchObject({ listed: true, originals: [old.id] });
    await doneWithCandidates(library.db, first, url);
    expect(await fileCandidates(library.db, url)).toMatchObject({ listed: false, originals: [], thumbnails: [] });

    const added = await post<{ id: string }>(api, '/item/add', { name: 'while syncing', ext: 'png', base64: png });
    const read = await fileCandidates(library.db, url);
    expect(read.originals).toEqual([added.id]);
    // Another write before the pass is done: the item stays a candidate; a pass for another database lists every key again.
    await post(api, '/item/update', { id: added.id, annotation: 'again' });
    await doneWithCandidates(library.db, read, url);
    expect((await fileCandidates(library.db, url)).originals).toEqual([added.id]);
    expect((await fileCandidates(library.db, `${url}-other`)).originals.sort()).toEqual([old.id, added.id].sort());
  });
});
