// library/subscribe makes its library in steps that no one transaction spans: the registry entry,
// the read-only mark, then the library's first write. A subscribe whose first write fails leaves
// no library behind, and one a stopped worker left half made is finished by the next subscribe of
// the same URL (Chromium dispatches the stopped request again), not made a second time.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/core';
import { ReadOnlyLibraries } from '../../src/core/publish/subscription-state';
import { storageThatFills } from './fixtures/full-storage';
import { publishedLibraryUrl, serveForEachTest } from './fixtures/published-sites';
import { call, makeApi } from './helpers';

const serve = serveForEachTest();

const publishedUrl = (name: string) => publishedLibraryUrl(serve, name, 5);

const itemCount = async (api: Api, library: string) => (await call<number>(api, 'GET', '/item/countAll', {}, { library })).data;

describe('library/subscribe, cut between its steps', { timeout: 60_000 }, () => {
  it('whose first write fails says why and leaves no library behind; subscribed again, it makes one', async () => {
    const url = await publishedUrl('Shared');
    const { control, dexieOptions } = storageThatFills();
    const api = makeApi({ fetchSource: (address) => fetch(address), dexieOptions });
    // The library a person has open: the only library is never taken out (see the last test).
    await call(api, 'GET', '/library/info');

    control.full = true;
    const failed = await call(api, 'POST', '/library/subscribe', { url, wait: true });
    control.full = false;
    expect(failed.httpStatus).toBe(507);
    expect(failed.body.message).toMatch(/storage/i);
    expect(await api.registry.find('/libraries/Shared.library')).toBeUndefined();
    expect(await new ReadOnlyLibraries(api.registry.namespace).all()).toEqual([]);

    const again = await call<{ path: string; name: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(again.httpStatus, JSON.stringify(again.body)).toBe(200);
    expect(again.data.path).toBe('/libraries/Shared.library');
    expect(await api.registry.find('/libraries/Shared (2).library')).toBeUndefined();
    expect(await itemCount(api, again.data.path)).toBe(5);
  });

  it('left half made by a stopped worker (entry and mark, nothing stored) is finished by the next subscribe, not made again', async () => {
    const url = await publishedUrl('Shared');
    const api = makeApi({ fetchSource: (address) => fetch(address) });
    // What a worker stopped right after marking the library read-only leaves.
    const half = await api.registry.createKeepingName('Shared');
    await new ReadOnlyLibraries(api.registry.namespace).add(half.path, url);

    const answer = await call<{ path: string; items: number }>(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    expect(answer.data).toMatchObject({ path: half.path, items: 5 });
    expect(await api.registry.find('/libraries/Shared (2).library')).toBeUndefined();
    expect(await itemCount(api, half.path)).toBe(5);
    const info = await call<{ readOnly: boolean; publishedFrom?: string }>(api, 'GET', '/library/info', {}, { library: half.path });
    expect(info.data).toMatchObject({ readOnly: true, publishedFrom: url });
  });

  it("as the site's only library, failed, stays marked and empty, and the next subscribe fills it", async () => {
    const url = await publishedUrl('Shared');
    const { control, dexieOptions } = storageThatFills();
    const api = makeApi({ fetchSource: (address) => fetch(address), dexieOptions });

    control.full = true;
    expect((await call(api, 'POST', '/library/subscribe', { url, wait: true })).httpStatus).toBe(507);
    control.full = false;
    // Every request needs a library, so the only one is not taken out; marked, it takes no write.
    expect(await new ReadOnlyLibraries(api.registry.namespace).all()).toEqual([['/libraries/Shared.library', url]]);
    const refused = await call(api, 'POST', '/folder/create', { name: 'Mine' }, { library: '/libraries/Shared.library' });
    expect(refused.body).toMatchObject({ code: 'READ_ONLY' });

    const again = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url, wait: true });
    expect(again.data.path).toBe('/libraries/Shared.library');
    expect(await api.registry.find('/libraries/Shared (2).library')).toBeUndefined();
    expect(await itemCount(api, again.data.path)).toBe(5);
  });
});
