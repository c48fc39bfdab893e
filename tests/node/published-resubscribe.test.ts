// Subscribing to a published library that is already here answers at once with what is stored:
// its new version, if any, is fetched behind, so a host that cannot be reached (offline) changes
// nothing and fails nothing. Two subscribes to a new one at once make one library, not two.
import { expect, it } from 'vitest';
import { publishedLibraryUrl, serveForEachTest } from './fixtures/published-sites';
import { call, makeApi } from './helpers';

const serve = serveForEachTest();

interface Subscribed { path: string; name: string; items: number; stored: number }

it('two subscribes at once to a library not here yet make one library', { timeout: 60_000 }, async () => {
  const url = await publishedLibraryUrl(serve, 'Brand kit', 6);
  const api = makeApi({ fetchSource: (address) => fetch(address) });
  const [a, b] = await Promise.all([0, 1].map(() => call<Subscribed>(api, 'POST', '/library/subscribe', { url })));
  expect([a!.httpStatus, b!.httpStatus]).toEqual([200, 200]);
  expect(b!.data.path).toBe(a!.data.path);
  await api.subscriptions.whenIdle();
  expect(await api.registry.find('/libraries/Brand kit (2).library')).toBeUndefined();
});

it('subscribing again with the host out of reach answers what is stored', { timeout: 60_000 }, async () => {
  const url = await publishedLibraryUrl(serve, 'Field notes', 6);
  let offline = false;
  const api = makeApi({ fetchSource: (address) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(address)) });
  const first = await call<Subscribed>(api, 'POST', '/library/subscribe', { url, wait: true });
  expect(first.httpStatus, JSON.stringify(first.body)).toBe(200);
  await api.subscriptions.whenIdle();
  offline = true;
  const again = await call<Subscribed>(api, 'POST', '/library/subscribe', { url });
  expect(again.httpStatus, JSON.stringify(again.body)).toBe(200);
  expect(again.data).toMatchObject({ path: first.data.path, items: 6, stored: 6 });
  await api.subscriptions.whenIdle();
  expect((await call<number>(api, 'GET', '/item/countAll', {}, { library: first.data.path })).data).toBe(6);
});

it('a library removed while its new version is fetched behind is not loaded, retried or made again', { timeout: 60_000 }, async () => {
  const url = await publishedLibraryUrl(serve, 'Short lived', 6);
  let release = () => {};
  let holding = false;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetchSource = async (address: string) => {
    if (holding && address.endsWith('manifest.json')) await held;
    return fetch(address);
  };
  const errors: string[] = [];
  const api = makeApi({ fetchSource, retryPublishedLoadAfterMs: [0], onBackgroundError: (error) => errors.push(String(error)) });
  await call(api, 'POST', '/library/create', { name: 'Keep' });
  const first = await call<Subscribed>(api, 'POST', '/library/subscribe', { url, wait: true });
  await api.subscriptions.whenIdle();
  holding = true;
  expect((await call<Subscribed>(api, 'POST', '/library/subscribe', { url })).httpStatus).toBe(200);
  expect((await call(api, 'POST', '/library/remove', { libraryPath: first.data.path })).httpStatus).toBe(200);
  const { db } = api.open(await api.registry.require((await api.registry.current()).path));
  const gone = db.name.replace(/\/library\/.*$/, `/library${first.data.path}`);
  release();
  await api.subscriptions.whenIdle();
  await new Promise((resolve) => setTimeout(resolve, 50)); // a retry of no pause would be under way by now
  await api.subscriptions.whenIdle();
  expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(gone);
  // Nothing was tried on the closed database (a load, then its retries).
  expect(errors).toEqual([]);
});
