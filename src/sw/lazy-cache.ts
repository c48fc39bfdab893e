/**
 * Build files that are not precached (./lazy-assets.ts) are kept in their own cache the first time
 * a page (or its media worker) fetches them, so AI search works offline after its first use without
 * every visitor downloading 26 MB at install. The build lists each with a content revision
 * (`__LAZY_MANIFEST__`): the cache key carries it, so a build that changes a model (same URL) is
 * fetched again, and entries the build no longer lists (or of an older revision) are dropped.
 * A cache that cannot take a file (quota) still answers from the network: AI search works online,
 * and offline it answers that its models are not available (docs/decisions/lazy-models.md).
 */
import { Route, type Router } from 'workbox-routing';
import type { ModelFilesPort } from '../core/ai-search/model-files';
import { LAZY_ASSET } from './lazy-assets';
import { counted, isModelPath, modelFilesPort, noteCached, noteFailure } from './model-downloads';

declare const self: ServiceWorkerGlobalScope;
/** The lazy files of the build with their revisions and sizes, relative to sw.js; in development, the model files only. */
declare const __LAZY_MANIFEST__: { url: string; revision: string; size: number }[];

export const LAZY_CACHE = 'lazy-assets';

const REVISIONS = new Map(__LAZY_MANIFEST__.map((entry) => [new URL(entry.url, self.location.href).pathname, entry.revision]));
/** The model files of the build, by pathname: their downloads are counted and reported (./model-downloads.ts). */
const MODELS = new Map(__LAZY_MANIFEST__.filter((entry) => isModelPath(entry.url)).map((entry) => [new URL(entry.url, self.location.href).pathname, entry]));

/** The cache key of a lazy file: its path and the build's revision of it. */
function keyOf(url: URL): string {
  const revision = REVISIONS.get(url.pathname);
  return revision === undefined ? `${url.origin}${url.pathname}` : `${url.origin}${url.pathname}?revision=${revision}`;
}

async function dropStale(cache: Cache, key: string): Promise<void> {
  const path = new URL(key).pathname;
  for (const old of await cache.keys()) {
    const oldPath = new URL(old.url).pathname;
    const unlisted = REVISIONS.size > 0 && !REVISIONS.has(oldPath);
    if (old.url !== key && (oldPath === path || unlisted)) await cache.delete(old);
  }
}

async function cachedFetch(request: Request, event: ExtendableEvent): Promise<Response> {
  // A HEAD (a size asked before a download) goes to the network: its empty body must never be kept.
  if (request.method !== 'GET') return fetch(request);
  const url = new URL(request.url);
  const key = keyOf(url);
  const cache = await caches.open(LAZY_CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const model = MODELS.get(url.pathname)?.url;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (model) event.waitUntil(noteFailure(model, self.navigator.onLine ? 'unreachable' : 'offline'));
    throw error;
  }
  if (!response.ok || response.status !== 200) {
    if (model) event.waitUntil(noteFailure(model, 'failed'));
    return response;
  }
  let written = () => Promise.resolve();
  if (model) ({ response, written } = counted(model, response));
  // Kept while the page reads its copy: a model's first load waits for the network only.
  const copy = response.clone();
  event.waitUntil(
    dropStale(cache, key)
      .then(() => cache.put(key, copy))
      .then(
        () => (model ? written().then(() => noteCached(model)) : undefined),
        // Over quota: this answer still served the page; the file is fetched again next time.
        (error: unknown) => (model ? written().then(() => noteFailure(model, error instanceof DOMException && error.name === 'QuotaExceededError' ? 'no-room' : 'failed')) : undefined),
      )
      .catch(() => undefined),
  );
  return response;
}

/** What the AI status reads: each model file of the build, cached or downloading or failed. */
export const modelFiles: ModelFilesPort = modelFilesPort(
  () => [...MODELS].map(([pathname, entry]) => ({ path: entry.url, size: entry.size, key: keyOf(new URL(pathname, self.location.origin)) })),
  LAZY_CACHE,
);

export function registerLazyCache(router: Router): void {
  router.registerRoute(
    new Route(
      ({ url }) => url.origin === self.location.origin && LAZY_ASSET.test(url.pathname),
      ({ request, event }) => cachedFetch(request, event as ExtendableEvent),
    ),
  );
}
