// A subscribed library's read-only mark belongs to that library: library/remove takes it away with
// the library (a new library made at the same path takes writes), a removal that fails keeps it,
// and library/rename, which keeps the path, keeps it too.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { publishedLibraryUrl, serveForEachTest } from './fixtures/published-sites';
import { call, makeApi, newLibrary } from './helpers';

const serve = serveForEachTest();

const publishedUrl = (name: string) => publishedLibraryUrl(serve, name, 3);

async function subscribe(api: Api, url: string): Promise<string> {
  const answer = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
  expect(answer.httpStatus).toBe(200);
  return answer.data.path;
}

const info = async (api: Api, library: string) =>
  (await call<{ name: string; readOnly: boolean; publishedFrom?: string }>(api, 'GET', '/library/info', {}, { library })).data;
const addFolder = (api: Api, library: string) => call(api, 'POST', '/folder/create', { name: 'Mine' }, { library });

/**
 * IndexedDB as the library databases see it, whose deleteDatabase fails while `failing` is set
 * (the registry and the read-only list use the real one, so only the database's deletion fails).
 */
function deletionsThatFail() {
  const real = indexedDB;
  const control = { failing: false };
  const factory = {
    open: (name: string, version?: number) => real.open(name, version),
    cmp: (a: unknown, b: unknown) => real.cmp(a, b),
    databases: () => real.databases(),
    deleteDatabase: (name: string) => {
      if (control.failing) throw new DOMException(`Could not delete ${name}`, 'UnknownError');
      return real.deleteDatabase(name);
    },
  } as IDBFactory;
  return { control, dexieOptions: { indexedDB: factory, IDBKeyRange } };
}

describe('a subscribed library removed', { timeout: 60_000 }, () => {
  it('takes its read-only mark with it: a new library of the same name takes writes', async () => {
    const url = await publishedUrl('Shared');
    const api = makeApi({ fetchSource: (address) => fetch(address) });
    await newLibrary(api, 'Keep');
    const subscribed = await subscribe(api, url);
    expect(await info(api, subscribed)).toMatchObject({ readOnly: true, publishedFrom: url });

    expect((await call(api, 'POST', '/library/remove', { libraryPath: subscribed })).data).toBe(true);
    expect(await newLibrary(api, 'Shared')).toBe(subscribed);
    expect(await info(api, subscribed)).toMatchObject({ name: 'Shared', readOnly: false });
    expect(await info(api, subscribed)).not.toHaveProperty('publishedFrom');
    expect((await addFolder(api, subscribed)).httpStatus).toBe(200);
    // Subscribing to the same URL again makes a library of its own, not an update of the new one.
    const again = await subscribe(api, url);
    expect(again).not.toBe(subscribed);
    expect(await info(api, again)).toMatchObject({ readOnly: true, publishedFrom: url });
    expect(await info(api, subscribed)).toMatchObject({ readOnly: false });
  });

  it('keeps its read-only mark when its database cannot be deleted: the failed removal changes nothing', async () => {
    const url = await publishedUrl('Shared');
    const { control, dexieOptions } = deletionsThatFail();
    const api = makeApi({ fetchSource: (address) => fetch(address), dexieOptions });
    await newLibrary(api, 'Keep');
    const subscribed = await subscribe(api, url);
    await call(api, 'POST', '/library/switch', { libraryPath: subscribed });
    const before = await info(api, subscribed);

    control.failing = true;
    expect((await call(api, 'POST', '/library/remove', { libraryPath: subscribed })).httpStatus).toBe(500);
    control.failing = false;
    expect(await info(api, subscribed)).toEqual(before);
    expect((await call<{ path: string }>(api, 'GET', '/library/info')).data.path).toBe(subscribed);
    expect((await addFolder(api, subscribed)).body).toMatchObject({ code: 'READ_ONLY' });
  });

  it('renamed, keeps its read-only mark: the path, which the mark names, stays', async () => {
    const url = await publishedUrl('Shared');
    const api = makeApi({ fetchSource: (address) => fetch(address) });
    const subscribed = await subscribe(api, url);
    expect((await call(api, 'POST', '/library/rename', { libraryPath: subscribed, name: 'Renamed' })).data).toEqual({ name: 'Renamed', path: subscribed });
    expect(await info(api, subscribed)).toMatchObject({ name: 'Renamed', readOnly: true, publishedFrom: url });
    const refused = await addFolder(api, subscribed);
    expect(refused.httpStatus).toBe(403);
    expect(refused.body.message).toContain('"Renamed"');
  });
});
