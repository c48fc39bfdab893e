/**
 * The rest of the precache, after a first install that took only what a start needs
 * (./app-shell.ts): every listed file the cache lacks, a few at a time, put under Workbox's own
 * cache key, so its route and the pieces' loader find it as if the install had fetched it. Each
 * page that starts asks for it (src/app/offline-files.ts): a worker stopped halfway goes on from
 * what the cache lacks at the next start. A file that fails waits for that next time; a full
 * storage stops the fill. Meanwhile a file not cached yet comes from the network.
 *
 * A fill can run long after the install, when the site may serve a newer build: a file is kept
 * only when its content hash is the revision its key names (tools/precache-manifest.ts), never a
 * newer file, nor a host's page answering a missing one with 200. It stops once a new worker waits
 * (Chromium activates that one only when this one's events have ended; the new one has it all).
 */
import type { PrecacheController } from 'workbox-precaching';
import type { OfflineFiles } from './messages';
import { inLanes, precacheRequest } from './precache-install';

/** The revision a file's key names, as the build makes it: the first 16 hex digits of its SHA-256. */
async function revisionMatches(cacheKey: string, body: ArrayBuffer): Promise<boolean> {
  const named = new URL(cacheKey).searchParams.get('__WB_REVISION__');
  if (named === null) return true;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('') === named;
}

/** `stop`: asked before each file; the files left count as missing. */
export async function fillRest(controller: PrecacheController, cacheName: string, stop: () => boolean): Promise<OfflineFiles> {
  const cache = await caches.open(cacheName);
  const cached = new Set((await cache.keys()).map((request) => request.url));
  const wanted = [...controller.getURLsToCacheKeys()].filter(([, cacheKey]) => !cached.has(cacheKey));
  const result: OfflineFiles = { fetched: 0, missing: 0 };
  let full = false;
  // Each file's failure is its own: it counts as missing and the others go on.
  await inLanes(wanted, async ([url, cacheKey]) => {
    try {
      if (full || stop()) throw new Error('The fill stopped.');
      const response = await fetch(precacheRequest(controller, url, cacheKey));
      if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
      const body = await response.arrayBuffer();
      if (!(await revisionMatches(cacheKey, body))) throw new Error(`${url}: not this build's file`);
      // A plain answer, as Workbox keeps a redirected one (a redirected answer cannot answer a navigation).
      await cache.put(cacheKey, new Response(body, { headers: response.headers, status: response.status, statusText: response.statusText }));
      result.fetched++;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'QuotaExceededError') full = true;
      result.missing++;
    }
  });
  return result;
}
