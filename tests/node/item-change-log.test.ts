// The item change log (src/core/storage/change-log.ts): each write transaction that changed items
// appends their ids under the next sequence, in the same transaction; the log keeps the last KEEP
// entries, and a reader from before the oldest one is told it is incomplete.
import { describe, expect, it } from 'vitest';
import { changeLogHead, KEEP, logItemChanges, readItemChanges } from '../../src/core/storage/change-log';
import { writeTransaction } from '../../src/core/storage/write';
import { openLibrary } from './fixtures/seed-items';
import { call, makeApi, newLibrary } from './helpers';

async function setUp() {
  const api = makeApi();
  const path = await newLibrary(api);
  const post = <T = any>(route: string, input: Record<string, unknown>) => call<T>(api, 'POST', route, input, { library: path });
  return { api, path, post, library: await openLibrary(api, path) };
}

const bookmark = (name: string) => ({ name, bookmarkURL: `https://example.com/${name}` });

describe('item change log', () => {
  it('logs the ids each write changed, comments included, under a sequence that grows by one per write', async () => {
    const { api, path, post, library } = await setUp();
    const head = await changeLogHead(library.db);
    const { ids } = (await post<{ ids: string[] }>('/item/add', { items: [bookmark('a'), bookmark('b'), bookmark('c')] })).data;
    await post('/item/update', { id: ids[0], star: 3 });
    await post('/item/update', { id: ids[1], isDeleted: true });
    await post('/item/remove', { ids: [ids[1]] });
    expect(await changeLogHead(library.db)).toBe(head + 4);
    expect([...(await readItemChanges(library.db, head, head + 1)).ids].sort()).toEqual([...ids].sort());
    expect(await readItemChanges(library.db, head + 1, head + 4)).toEqual({ complete: true, ids: new Set([ids[0], ids[1]]) });
    // A read-only request and a write that changes no item (a folder) log nothing.
    expect((await call(api, 'GET', '/item/get', { limit: 10 }, { library: path })).httpStatus).toBe(200);
    expect((await post('/folder/create', { name: 'F' })).httpStatus).toBe(200);
    expect(await changeLogHead(library.db)).toBe(head + 4);
    // A comment changes its item (its metadata.json holds the comments).
    const commented = await post('/item/addComment', { id: ids[2], annotation: 'note', x: 0, y: 0, width: 10, height: 10 });
    expect(commented.httpStatus, JSON.stringify(commented.body)).toBe(200);
    expect(await readItemChanges(library.db, head + 4, head + 5)).toEqual({ complete: true, ids: new Set([ids[2]]) });
  });

  it('logs nothing when the write fails: the entry goes with the transaction', async () => {
    const { post, library } = await setUp();
    const { ids } = (await post<{ ids: string[] }>('/item/add', { items: [bookmark('a')] })).data;
    const head = await changeLogHead(library.db);
    await expect(
      writeTransaction(library, Date.now(), async () => {
        await logItemChanges(library.db, ids);
        throw new Error('stopped');
      }),
    ).rejects.toThrow('stopped');
    expect(await changeLogHead(library.db)).toBe(head);
  });

  it('keeps the last entries only, and says so to a reader from before them', async () => {
    const { library } = await setUp();
    const { db } = library;
    const start = await changeLogHead(db);
    const writes = KEEP + 100;
    for (let n = 1; n <= writes; n++) await db.transaction('rw', db.state, () => logItemChanges(db, [`item-${n}`]));
    const head = await changeLogHead(db);
    expect(head).toBe(start + writes);
    expect(await db.state.where('key').startsWith('item-changes:').count()).toBeLessThanOrEqual(KEEP + 100);
    expect((await readItemChanges(db, start, head)).complete).toBe(false);
    const recent = await readItemChanges(db, head - KEEP + 1, head);
    expect(recent.complete).toBe(true);
    expect(recent.ids.size).toBe(KEEP - 1);
    expect(recent.ids.has(`item-${writes}`)).toBe(true);
  }, 120_000);
});
