/**
 * Build files that are not precached (./lazy-assets.ts) are kept in their own cache the first time
 * a page fetches them, so a user's CLIP model works offline after its first use without every
 * visitor downloading 14 MB at install. The hashed file name is the version: a new build's name
 * misses and is fetched; old entries go when the cache holds a newer one of the same stem.
 */
import { registerRoute } from 'workbox-routing';
import { LAZY_ASSET } from './lazy-assets';

declare const self: ServiceWorkerGlobalScope;

const CACHE = 'lazy-assets';

async function cachedFetch(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const stem = new URL(request.url).pathname.replace(/-[\w-]+\.wasm$/, '');
    for (const old of await cache.keys()) if (new URL(old.url).pathname.startsWith(stem)) await cache.delete(old);
    await cache.put(request, response.clone());
  }
  return response;
}

export function registerLazyCache(): void {
  registerRoute(({ url }) => url.origin === self.location.origin && LAZY_ASSET.test(url.pathname), ({ request }) => cachedFetch(request));
}
