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
