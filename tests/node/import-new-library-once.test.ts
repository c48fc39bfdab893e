// library/import into a new library makes the library, then stores the body and the import's state.
// Sent again under its Idempotency-Key (Chromium dispatches a request again to a worker restarted
// while handling it), it answers the import it started, in the one library it made; cut off before
// starting, the repeat starts the import in that library. A start that fails (a full device) takes
// the new library back out.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { keyedRequest } from '../../src/core/storage/request-keys';
import { storageThatFills } from './fixtures/full-storage';
import { BOOKMARKS_HTML } from './fixtures/other-exports';
import { makeApi } from './helpers';

interface Started {
  id: string;
  status: string;
  libraryPath: string;
}

async function importNew(api: Api, key?: string, wait = true) {
  const headers: Record<string, string> = key ? { 'Idempotency-Key': key } : {};
  const url = `http://localhost/api/v2/library/import?into=new&name=Marks&wait=${wait}`;
  const response = await api.handle(new Request(url, { method: 'POST', headers, body: new Blob([BOOKMARKS_HTML]) }));
  return { status: response.status, body: (await response.json()) as { data: Started; message?: string } };
}

const registered = async (api: Api, path: string) => (await api.registry.find(path)) !== undefined;
const count = async (api: Api, library: string) =>
  ((await (await api.handle(new Request('http://localhost/api/v2/item/countAll', { headers: { 'X-Library-Path': library } }))).json()) as { data: number }).data;

describe('library/import into a new library, sent twice', () => {
  it('under one key answers the one import in the one library it made', async () => {
    const api = makeApi();
    const first = await importNew(api, 'marks-1');
    const again = await importNew(api, 'marks-1');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'done', libraryPath: '/libraries/Marks.library' });
    expect(again.body.data).toEqual(first.body.data);
    expect(await registered(api, '/libraries/Marks (2).library')).toBe(false);
    expect(await count(api, first.body.data.libraryPath)).toBeGreaterThan(0);
    // Another key, or none, is another import, in a library of its own.
    expect((await importNew(api, 'marks-2')).body.data.libraryPath).toBe('/libraries/Marks (2).library');
    expect((await importNew(api)).body.data.libraryPath).toBe('/libraries/Marks (3).library');
  });

  it('cut off after making the library starts the import in it, not in "Marks (2)"', async () => {
    const api = makeApi();
    // What a worker stopped right after making the library leaves: the library, made for the key.
    const { record: made } = await api.registry.createUnique('Marks', keyedRequest(new Request('http://localhost/', { headers: { 'Idempotency-Key': 'cut' } }), Date.now()));
    const answer = await importNew(api, 'cut');
    expect(answer.body.data).toMatchObject({ status: 'done', libraryPath: made.path });
    expect(await registered(api, '/libraries/Marks (2).library')).toBe(false);
    expect(await count(api, made.path)).toBeGreaterThan(0);
  });

  it('sent twice at once under one key makes one library and one import', async () => {
    const api = makeApi();
    const answers = await Promise.all([importNew(api, 'both'), importNew(api, 'both')]);
    const done = answers.filter((answer) => answer.status === 200);
    // The second either answers the first's import or is refused as a keyed write at once (409).
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(new Set(done.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(await registered(api, '/libraries/Marks.library')).toBe(true);
    expect(await registered(api, '/libraries/Marks (2).library')).toBe(false);
    const imports = (await (await api.handle(new Request('http://localhost/api/v2/library/import'))).json()) as { data: Started[] };
    expect(imports.data).toHaveLength(1);
  });

  it('refuses a malformed key by name and makes no library', async () => {
    const api = makeApi();
    const answer = await importNew(api, 'with space');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Idempotency-Key header/);
    expect(await registered(api, '/libraries/Marks.library')).toBe(false);
  });
});

describe('library/import into a new library on a full device', () => {
  it('says the storage is full and leaves no library behind; once there is room it makes one', async () => {
    const { control, dexieOptions } = storageThatFills();
    const api = makeApi({ dexieOptions });
    // The library a person has open: the only library is never taken out.
    await api.handle(new Request('http://localhost/api/v2/library/info'));

    control.full = true;
    const failed = await importNew(api, 'full');
    control.full = false;
    expect(failed.status).toBe(507);
    expect(await registered(api, '/libraries/Marks.library')).toBe(false);
    const listed = await (await api.handle(new Request('http://localhost/api/v2/library/import'))).json();
    expect(listed).toMatchObject({ data: [] });

    const done = await importNew(api, 'full');
    expect(done.body.data).toMatchObject({ status: 'done', libraryPath: '/libraries/Marks.library' });
  });
});
