// The worker's lazy route (src/sw/lazy-cache.ts) on a host that answers a missing file with its own
// page, as an SPA fallback does: the page's answer is never kept as a model file, whether it says its
// length (checked before it is kept) or streams without one (checked once kept, then dropped), and
// the model is reported failed. A host path that merely contains `models/` is not the route's at all.
import type { Page } from 'playwright';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { eventually } from './app';
import { openApp, useBrowser } from './browser';
import { serveStatic } from './static-server';

const HOST_PAGE = '<!doctype html><title>Host</title><p>The host’s own page.</p>';
const SAYS_LENGTH = '/models/centernet.json';
const STREAMS = '/models/use/vocab.json';
const HOST_PATH = '/docs/models/intro';

/** The host's page for the two model files and its own path; every other file as built. */
function hostPages(request: IncomingMessage, response: ServerResponse): boolean {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path !== SAYS_LENGTH && path !== STREAMS && path !== HOST_PATH) return false;
  response.writeHead(200, path === STREAMS ? { 'Content-Type': 'text/html' } : { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(HOST_PAGE) });
  // Written in two pieces with no length: the answer is chunked.
  if (path === STREAMS) response.write(HOST_PAGE.slice(0, 20));
  response.end(path === STREAMS ? HOST_PAGE.slice(20) : HOST_PAGE);
  return true;
}

const lazyKeys = (page: Page) => page.evaluate(async () => (await (await caches.open('lazy-assets')).keys()).map((request) => new URL(request.url).pathname));

/** The worker's download records (src/sw/model-downloads.ts): path → why it failed. */
const failures = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('model-downloads');
      request.onupgradeneeded = () => request.result.createObjectStore('files');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('files').objectStore('files');
    const read = <T>(request: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((request.onsuccess = () => resolve(request.result)), (request.onerror = () => reject(request.error))));
    const [keys, values] = await Promise.all([read(store.getAllKeys()), read(store.getAll())]);
    db.close();
    return Object.fromEntries(keys.map((key, i) => [String(key), (values[i] as { failed?: string }).failed]));
  });

describe('the lazy route on a host with a fallback page', () => {
  const browser = useBrowser();

  it('keeps no host page as a model file, reports the models failed, and leaves the host’s own models/ path alone', async () => {
    const site = await serveStatic({ '/': inject('siteDir') }, hostPages);
    const context = await browser().newContext();
    try {
      const page = await openApp(context, site.url);
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      const bodies = await page.evaluate((paths) => Promise.all(paths.map((path) => fetch(path).then((answer) => answer.text()))), [HOST_PATH, SAYS_LENGTH, STREAMS]);
      expect(bodies).toEqual([HOST_PAGE, HOST_PAGE, HOST_PAGE]); // the page still gets what the host said
      const failed = await eventually(() => failures(page), { [SAYS_LENGTH.slice(1)]: 'failed', [STREAMS.slice(1)]: 'failed' }, 20_000);
      expect(failed).toMatchObject({ [SAYS_LENGTH.slice(1)]: 'failed', [STREAMS.slice(1)]: 'failed' });
      expect(await lazyKeys(page)).toEqual([]);
    } finally {
      await context.close();
      await site.close();
    }
  });
});
