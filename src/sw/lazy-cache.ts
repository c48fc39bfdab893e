/**
 * Build files that are not precached (./lazy-assets.ts) are kept in their own cache the first time
 * a page (or its media worker) fetches them, so AI search works offline after its first use without
 * every visitor downloading 26 MB at install. The build lists each with a content revision
 * (`__LAZY_MANIFEST__`): the cache key carries it, so a build that changes a model (same URL) is
 * fetched again, and entries the build no longer lists (or of an older revision) are dropped.
 * A cache that cannot take a file (quota) still answers from the network: AI search works online,
 * and offline it answers that its models are not available (docs/decisions/lazy-models.md).
 *
 * Only the listed files are this route's: in root mode the worker's scope is the host's whole site,
 * whose own paths (a page under `/docs/models/`) pass through. A file is kept only when it came
 * with the listed size: a host that answers a missing file with its page (an SPA fallback), or a
 * Git LFS pointer, answers 200 too, and that page would otherwise stay cached as the model. A body
 * of another size fails at its end, so the cache's put stores nothing.
 */
import { Route, type Router } from 'workbox-routing';
import type { ModelFilesPort } from '../core/ai-search/model-files';
import { counted, isModelPath, modelFilesPort, noteCached, noteFailure } from './model-downloads';

declare const self: ServiceWorkerGlobalScope;
/** The lazy files of the build with their revisions and sizes, relative to sw.js; in development, the model files only. */
declare const __LAZY_MANIFEST__: { url: string; revision: string; size: number }[];

export const LAZY_CACHE = 'lazy-assets';

const LISTED = new Map(__LAZY_MANIFEST__.map((entry) => [new URL(entry.url, self.location.href).pathname, entry]));
/** The model files of the build, by pathname: their downloads are counted and reported (./model-downloads.ts). */
const MODELS = new Map([...LISTED].filter(([, entry]) => isModelPath(entry.url)));

/** The cache key of a lazy file: its path and the build's revision of it. */
function keyOf(url: URL): string {
  const revision = LISTED.get(url.pathname)?.revision;
  return revision === undefined ? `${url.origin}${url.pathname}` : `${url.origin}${url.pathname}?revision=${revision}`;
}

async function dropStale(cache: Cache, key: string): Promise<void> {
  const path = new URL(key).pathname;
  for (const old of await cache.keys()) {
    const oldPath = new URL(old.url).pathname;
    const unlisted = !LISTED.has(oldPath);
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
  const size = LISTED.get(url.pathname)!.size;
  // A compressed answer's Content-Length is the compressed size: only the bytes read can tell then.
  const declared = response.headers.has('Content-Encoding') ? null : response.headers.get('Content-Length');
  if (response.status !== 200 || (declared !== null && Number(declared) !== size)) {
    if (model) event.waitUntil(noteFailure(model, 'failed'));
    return response;
  }
  let written = () => Promise.resolve();
  if (model) ({ response, written } = counted(model, response));
  // Kept while the page reads its copy: a model's first load waits for the network only.
  const copy = sized(response.clone(), size, url.pathname);
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

/** The answer whose body fails at its end unless it gave `size` bytes: the cache's put then stores nothing. */
function sized(response: Response, size: number, path: string): Response {
  let bytes = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
    flush(controller) {
      if (bytes !== size) controller.error(new Error(`${path}: ${bytes} bytes, not the build's ${size}`));
    },
  });
  const body = response.body?.pipeThrough(counter) ?? null;
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** What the AI status reads: each model file of the build, cached or downloading or failed. */
export const modelFiles: ModelFilesPort = modelFilesPort(
  () => [...MODELS].map(([pathname, entry]) => ({ path: entry.url, size: entry.size, key: keyOf(new URL(pathname, self.location.origin)) })),
  LAZY_CACHE,
);

export function registerLazyCache(router: Router): void {
  router.registerRoute(
    new Route(
      ({ url }) => url.origin === self.location.origin && LISTED.has(url.pathname),
      ({ request, event }) => cachedFetch(request, event as ExtendableEvent),
    ),
  );
}
