/**
 * The rest of the precache, after a first install that took only what a start needs
 * (./app-shell.ts): every listed file the cache lacks, a few at a time, put under Workbox's own
 * cache key, so its route and the pieces' loader find it as if the install had fetched it. Each
 * page that starts asks for it (src/app/offline-files.ts): a worker stopped halfway goes on from
 * what the cache lacks at the next start. A file that fails waits for that next time; a full
 * storage stops the fill. Meanwhile a file not cached yet comes from the network.
 */
import type { PrecacheController } from 'workbox-precaching';
import type { OfflineFiles } from './messages';

/** As the install (./precache-install.ts): Chromium's connections per host over HTTP/1.1. */
const FILES_AT_ONCE = 6;

export async function fillRest(controller: PrecacheController, cacheName: string): Promise<OfflineFiles> {
  const cache = await caches.open(cacheName);
  const cached = new Set((await cache.keys()).map((request) => request.url));
  const wanted = [...controller.getURLsToCacheKeys()].filter(([, cacheKey]) => !cached.has(cacheKey));
  const result: OfflineFiles = { fetched: 0, missing: 0 };
  let full = false;
  const fill = async ([url, cacheKey]: [string, string]) => {
    try {
      if (full) throw new Error('The storage is full.');
      // As the install: a file named by revision is fetched past the HTTP cache; a hashed name may use it.
      const request = new Request(url, { cache: cacheKey === url ? 'default' : 'reload', credentials: 'same-origin', integrity: controller.getIntegrityForCacheKey(cacheKey) });
      let response = await fetch(request);
      if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
      // Workbox keeps a redirected answer as a plain one: a redirected answer cannot answer a navigation.
      if (response.redirected) response = new Response(await response.blob(), { headers: response.headers, status: response.status, statusText: response.statusText });
      await cache.put(cacheKey, response);
      result.fetched++;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'QuotaExceededError') full = true;
      result.missing++;
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < wanted.length) await fill(wanted[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(FILES_AT_ONCE, wanted.length) }, lane));
  return result;
}
