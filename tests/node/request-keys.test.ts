/**
 * Writes sent with an `Idempotency-Key` are carried out once (src/core/storage/request-keys.ts):
 * a repeat is answered from the first one's record, a lost answer is a 409, and a malformed key
 * is refused by name. The states a stopped worker leaves are made with the records it would leave.
 */
import { describe, expect, it } from 'vitest';
import { LIBRARY_HEADER, type Api } from '../../src/core';
import { makeApi, newLibrary } from './helpers';
import { BOOKMARKS_HTML } from './fixtures/other-exports';

const HOUR = 3_600_000;

async function post(api: Api, library: string, path: string, body: unknown, key?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', [LIBRARY_HEADER]: library, ...(key === undefined ? {} : { 'Idempotency-Key': key }) };
  const response = await api.handle(new Request(`http://localhost/api/v2${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
  return { status: response.status, replayed: response.headers.get('Idempotent-Replayed'), body: (await response.json()) as { data?: unknown; message?: string } };
}

async function count(api: Api, library: string): Promise<number> {
  const response = await api.handle(new Request('http://localhost/api/v2/item/countAll', { headers: { [LIBRARY_HEADER]: library } }));
  return ((await response.json()) as { data: number }).data;
}

const bookmarks = (n: number) => ({ items: Array.from({ length: n }, (_, i) => ({ bookmarkURL: `https://example.com/${i}`, name: `page ${i}` })) });

describe('Idempotency-Key on writes', () => {
  it('answers a repeated item/add from the first answer, adding nothing', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const first = await post(api, library, '/item/add', bookmarks(3), 'key-1');
    const again = await post(api, library, '/item/add', bookmarks(3), 'key-1');
    expect(first.status).toBe(200);
    expect(again).toEqual({ ...first, replayed: 'true' });
    expect(await count(api, library)).toBe(3);
    // Another key, or none, is another write.
    await post(api, library, '/item/add', bookmarks(3), 'key-2');
    await post(api, library, '/item/add', bookmarks(3));
    expect(await count(api, library)).toBe(9);
  });

  it('refuses a key sent again with another route or input with 409 naming the header, writing nothing and not answering the first', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    await post(api, library, '/item/add', bookmarks(3), 'counter-1');
    const otherInput = await post(api, library, '/item/add', bookmarks(4), 'counter-1');
    const otherRoute = await post(api, library, '/folder/create', { name: 'Trips' }, 'counter-1');
    for (const answer of [otherInput, otherRoute]) {
      expect([answer.status, answer.replayed]).toEqual([409, null]);
      expect(answer.body.message).toMatch(/^Idempotency-Key header: key "counter-1" was sent .* with another request/);
    }
    expect(await count(api, library)).toBe(3);
    const folders = await api.handle(new Request('http://localhost/api/v2/folder/get', { headers: { [LIBRARY_HEADER]: library } }));
    expect(((await folders.json()) as { data: { total: number } }).data.total).toBe(0);
    // The same request again is still answered from the first.
    expect((await post(api, library, '/item/add', bookmarks(3), 'counter-1')).replayed).toBe('true');
  });

  it('keeps a key to its library: the same key on another library is another write', async () => {
    const api = makeApi();
    const [one, two] = [await newLibrary(api), await newLibrary(api)];
    await post(api, one, '/item/add', bookmarks(1), 'shared');
    await post(api, two, '/item/add', bookmarks(1), 'shared');
    expect([await count(api, one), await count(api, two)]).toEqual([1, 1]);
  });

  it('answers 409 naming the header when the write committed but its answer was lost', async () => {
    const now = Date.UTC(2026, 11, 4, 10, 30);
    const api = makeApi({ clock: () => now });
    const library = await newLibrary(api);
    // What a worker stopped between the write's commit and its answer leaves: the key's bare record.
    const { db } = api.open(await api.registry.require(library));
    await db.state.put({ key: `request:${String(Math.floor(now / HOUR)).padStart(10, '0')}:lost`, value: {} });
    const answer = await post(api, library, '/item/add', bookmarks(2), 'lost');
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/^Idempotency-Key header: .*"lost"/);
    expect(await count(api, library)).toBe(0);
  });

  it('lets two writes sent at once under one key make one change', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const answers = await Promise.all([post(api, library, '/folder/create', { name: 'once' }, 'twice'), post(api, library, '/folder/create', { name: 'once' }, 'twice')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const folders = await api.handle(new Request('http://localhost/api/v2/folder/get', { headers: { [LIBRARY_HEADER]: library } }));
    expect(((await folders.json()) as { data: { total: number } }).data.total).toBe(1);
  });

  it('does not keep a failed write: the same key carries the corrected write out', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const refused = await post(api, library, '/item/add', { items: [{ bookmarkURL: 'https://example.com/', folders: ['nope'] }] }, 'retry');
    expect(refused.status).toBe(404);
    const done = await post(api, library, '/item/add', bookmarks(1), 'retry');
    expect([done.status, done.replayed]).toEqual([200, null]);
    expect(await count(api, library)).toBe(1);
  });

  it('keeps an answer for one to two hours, then forgets it', async () => {
    let now = Date.UTC(2026, 11, 4, 10, 59);
    const api = makeApi({ clock: () => now });
    const library = await newLibrary(api);
    await post(api, library, '/item/add', bookmarks(1), 'hourly');
    now += 2 * 60_000; // the next hour: still replayed
    expect((await post(api, library, '/item/add', bookmarks(1), 'hourly')).replayed).toBe('true');
    now += 2 * HOUR; // storing another answer drops the old hours
    await post(api, library, '/item/add', bookmarks(1), 'other');
    const late = await post(api, library, '/item/add', bookmarks(1), 'hourly');
    expect([late.status, late.replayed]).toEqual([200, null]);
    expect(await count(api, library)).toBe(3);
  });

  it('refuses a malformed key by name and writes nothing', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    for (const key of ['', 'with space', 'x'.repeat(129), 'caf\u00e9']) {
      const answer = await post(api, library, '/item/add', bookmarks(1), key);
      expect(answer.status, key).toBe(400);
      expect(answer.body.message).toMatch(/^Idempotency-Key header: /);
    }
    expect(await count(api, library)).toBe(0);
  });

  it('starts one import into the current library for a key sent twice', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const importOnce = async (key: string) => {
      const headers = { [LIBRARY_HEADER]: library, 'Idempotency-Key': key };
      const response = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true&into=current', { method: 'POST', headers, body: new Blob([BOOKMARKS_HTML]) }));
      return { status: response.status, replayed: response.headers.get('Idempotent-Replayed'), body: (await response.json()) as { data: { id: string; status: string } } };
    };
    const first = await importOnce('import-1');
    const once = await count(api, library);
    const again = await importOnce('import-1');
    expect(first.body.data.status).toBe('done');
    expect(once).toBeGreaterThan(0);
    expect(again).toEqual({ ...first, replayed: 'true' });
    expect(await count(api, library)).toBe(once);
  });

  it('answers library/create sent again under its key with the library it made; without a key the name is taken', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const events: unknown[] = [];
    api.changes.subscribe((change) => events.push(change));
    const first = await post(api, library, '/library/create', { name: 'Twice' }, 'create-1');
    const again = await post(api, library, '/library/create', { name: 'Twice' }, 'create-1');
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(events.filter((change) => (change as { kind: string }).kind === 'library')).toHaveLength(1);
    expect((await post(api, library, '/library/create', { name: 'Twice' }, 'create-2')).status).toBe(409);
    expect((await post(api, library, '/library/create', { name: 'Twice' })).status).toBe(409);
  });

  it('answers library/remove sent again under its key with true, not a 404 for the library it removed', async () => {
    const api = makeApi();
    const kept = await newLibrary(api);
    const removed = (await post(api, kept, '/library/create', { name: 'Gone' })).body.data as { path: string };
    await post(api, removed.path, '/item/add', bookmarks(2));
    const events: { kind: string; action: string }[] = [];
    api.changes.subscribe((change) => events.push(change as never));
    const first = await post(api, kept, '/library/remove', { libraryPath: removed.path }, 'remove-1');
    const again = await post(api, kept, '/library/remove', { libraryPath: removed.path }, 'remove-1');
    expect([first.status, first.body.data]).toEqual([200, true]);
    expect([again.status, again.body.data]).toEqual([200, true]);
    expect(events.filter((change) => change.action === 'removed')).toHaveLength(2); // a tab that missed the first hears the second
    // Another key, or none, finds no library there.
    expect((await post(api, kept, '/library/remove', { libraryPath: removed.path }, 'remove-2')).status).toBe(404);
    expect((await post(api, kept, '/library/remove', { libraryPath: removed.path })).status).toBe(404);
    // A library made at that path since is left alone: the request was carried out once.
    await post(api, kept, '/library/create', { name: 'Gone' });
    expect((await post(api, kept, '/library/remove', { libraryPath: removed.path }, 'remove-1')).body.data).toBe(true);
    expect(await api.registry.find(removed.path)).toBeDefined();
  });

  it('refuses a key the registry keeps (library/create, library/remove, an import into a new library) sent with another request: 409 naming the header, nothing made or removed', async () => {
    const api = makeApi();
    const kept = await newLibrary(api);
    const refused = (answer: { status: number; body: { message?: string } }) => {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/^Idempotency-Key header: key "counter-1" was sent .* with another request/);
    };
    const first = await post(api, kept, '/library/create', { name: 'First' }, 'counter-1');
    refused(await post(api, kept, '/library/create', { name: 'Second' }, 'counter-1'));
    refused(await post(api, kept, '/library/remove', { libraryPath: kept }, 'counter-1'));
    const headers = { [LIBRARY_HEADER]: kept, 'Idempotency-Key': 'counter-1' };
    const imported = await api.handle(new Request('http://localhost/api/v2/library/import?wait=true&into=new', { method: 'POST', headers, body: new Blob([BOOKMARKS_HTML]) }));
    refused({ status: imported.status, body: (await imported.json()) as { message?: string } });
    expect(await api.registry.find('/libraries/Second.library')).toBeUndefined();
    expect(await api.registry.find(kept)).toBeDefined();
    expect(await api.registry.find('/libraries/Bookmarks.library')).toBeUndefined();
    // The same request again is still answered with the library it made.
    expect(await post(api, kept, '/library/create', { name: 'First' }, 'counter-1')).toEqual(first);
    // A removal's key sent to remove another library removes nothing.
    const [a, b] = [(await post(api, kept, '/library/create', { name: 'A' })).body.data, (await post(api, kept, '/library/create', { name: 'B' })).body.data] as { path: string }[];
    expect((await post(api, kept, '/library/remove', { libraryPath: a!.path }, 'remove-1')).status).toBe(200);
    const otherRemoval = await post(api, kept, '/library/remove', { libraryPath: b!.path }, 'remove-1');
    expect(otherRemoval.status).toBe(409);
    expect(otherRemoval.body.message).toMatch(/^Idempotency-Key header: key "remove-1" was sent .* with another request/);
    expect(await api.registry.find(b!.path)).toBeDefined();
  });

  it('finishes a keyed library/remove a stopped worker cut after the registry entry went: sent again, the database goes', async () => {
    const api = makeApi();
    const kept = await newLibrary(api);
    const removed = (await post(api, kept, '/library/create', { name: 'Half gone' })).body.data as { path: string };
    await post(api, removed.path, '/item/add', bookmarks(2));
    // What a stop right after the registry's change leaves: the entry gone under the key, the database still there.
    const stopped = await api.registry.remove(removed.path, { key: 'remove-cut', hour: Math.floor(Date.now() / HOUR), wrote: false });
    const databases = async () => (await indexedDB.databases()).map((db) => db.name);
    const name = api.open(stopped.removed).db.name;
    expect(await databases()).toContain(name);
    const again = await post(api, kept, '/library/remove', { libraryPath: removed.path }, 'remove-cut');
    expect([again.status, again.body.data]).toEqual([200, true]);
    expect(await databases()).not.toContain(name);
  });

  it('ignores a key on reads, on routes that change no library and on jobs', async () => {
    const api = makeApi();
    const library = await newLibrary(api);
    const response = await api.handle(new Request('http://localhost/api/v2/item/countAll', { headers: { [LIBRARY_HEADER]: library, 'Idempotency-Key': 'bad key' } }));
    expect(response.status).toBe(200);
    // Sync's settings are written by sync's own code, which records no key: the key is not read.
    const settings = await post(api, library, '/sync/settings', { keepOriginals: true }, 'bad key');
    expect([settings.status, settings.body.message]).toEqual([409, expect.stringMatching(/sync/i)]);
  });
});
