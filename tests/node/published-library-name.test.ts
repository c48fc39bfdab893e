// A published library keeps its publisher's name when the visitor has a library of that name
// (issue 41, point 10): only its path differs, and library/history marks it read-only for the app's icon.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { publishCommand } from '../../tools/publish/cli';
import { buildEagleLibrary } from './fixtures/eagle-library';
import { quietProgress, serveForEachTest, writeLibrary } from './fixtures/published-sites';
import { tempDir } from './fixtures/temp-dirs';
import { call, makeApi } from './helpers';

const serve = serveForEachTest();

it('keeps "My Library" as the published library\'s name beside the visitor\'s own "My Library"', { timeout: 60_000 }, async () => {
  const fixture = buildEagleLibrary({ name: 'My Library', items: 6, plain: true });
  const out = await tempDir('published-');
  await publishCommand([await writeLibrary(fixture.files, fixture.name), '--out', out], quietProgress);
  const site = await serve({ '/published/': out });
  const api = makeApi({ fetchSource: (url) => fetch(url) });
  const own = (await call<{ name: string; path: string }>(api, 'GET', '/library/info')).data;
  expect(own).toMatchObject({ name: 'My Library', path: '/libraries/My Library.library' });

  const subscribed = await call<{ path: string }>(api, 'POST', '/library/subscribe', { url: `${site.url}/published/`, wait: true });
  expect(subscribed.httpStatus, JSON.stringify(subscribed.body)).toBe(200);
  const path = subscribed.data.path;
  expect(path).not.toBe(own.path);
  const info = (await call<{ name: string; readOnly: boolean }>(api, 'GET', '/library/info', {}, { library: path })).data;
  expect(info).toMatchObject({ name: 'My Library', readOnly: true });

  // Opened (as the app does after subscribing), it joins the history.
  expect((await call(api, 'POST', '/library/switch', { libraryPath: path })).httpStatus).toBe(200);
  const history = (await call<{ data: { name: string; path: string; readOnly?: boolean }[] }>(api, 'GET', '/library/history')).data.data;
  expect(history.map((entry) => [entry.name, entry.path, entry.readOnly ?? false]).sort()).toEqual(
    [['My Library', own.path, false], ['My Library', path, true]].sort(),
  );
  // The visitor's own library is untouched, and still the only one that takes writes.
  expect((await call(api, 'POST', '/folder/create', { name: 'Mine' }, { library: own.path })).httpStatus).toBe(200);
  expect((await call(api, 'POST', '/folder/create', { name: 'Mine' }, { library: path })).httpStatus).toBe(403);
});
