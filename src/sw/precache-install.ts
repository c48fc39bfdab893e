/**
 * Fills the precache a few files at a time. Workbox's own install fetches one file after another
 * (it fired them all at once before, and Chromium failed big lists with ERR_INSUFFICIENT_RESOURCES:
 * GoogleChrome/workbox#2528, #2562; a bounded pool is its open #2880). One after another, our ~40
 * files took about 1 s of a first visit on loopback, and each costs a round trip on a real network.
 * This keeps Workbox's cache format and rules: its strategy skips a file already cached under the
 * same revision, checks integrity, and any failed file fails the install.
 */
import type { PrecacheController } from 'workbox-precaching';

/** Chromium's connections per host over HTTP/1.1: more would only queue in the browser. */
const FILES_AT_ONCE = 6;

/** The request for a listed file, as Workbox makes it. */
export const precacheRequest = (controller: PrecacheController, url: string, cacheKey: string): Request =>
  new Request(url, {
    integrity: controller.getIntegrityForCacheKey(cacheKey),
    // As Workbox: a file named by revision is fetched past the HTTP cache; a hashed name may use it.
    cache: cacheKey === url ? 'default' : 'reload',
    credentials: 'same-origin',
  });

/** Runs `fill` on each entry, FILES_AT_ONCE at a time; rejects with the first failure. */
export async function inLanes<T>(entries: readonly T[], fill: (entry: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < entries.length) await fill(entries[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(FILES_AT_ONCE, entries.length) }, lane));
}

/** `only`: the URLs to fetch now (a first install's start, ./app-shell.ts); every listed file without it. */
export async function fillPrecache(controller: PrecacheController, event: ExtendableEvent, only?: ReadonlySet<string>): Promise<void> {
  const entries = [...controller.getURLsToCacheKeys()].filter(([url]) => !only || only.has(url));
  await inLanes(entries, async ([url, cacheKey]) => {
    await Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request: precacheRequest(controller, url, cacheKey), event }));
  });
}
