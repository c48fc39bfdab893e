/**
 * The service worker: a thin adapter that answers every same-origin /api/v2/* request with the
 * core and lets every other request pass. Bundled as one classic script (no dynamic import).
 */
import { registerRoute } from 'workbox-routing';
import type { HTTPMethod } from 'workbox-routing/utils/constants';
import { API_PREFIX, createApi, type Notice } from '../core';

declare const self: ServiceWorkerGlobalScope;

/** Messages from the worker to its pages carry this source tag. */
const SOURCE = 'offline-asset-library';
const SERVED_BY_HEADER = 'X-Served-By';

async function broadcast(notice: Notice): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage({ source: SOURCE, ...notice });
}

const api = createApi({
  notify: (notice) => void broadcast(notice),
  onError: (error) => {
    if (error.code === 'INTERNAL') console.error('[api]', error.message, error.cause);
  },
});

const isApiRequest = ({ url }: { url: URL }) => url.origin === self.location.origin && url.pathname.startsWith(`${API_PREFIX}/`);

// Every method, so that a wrong one gets a 405 envelope instead of reaching the network.
const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Marks answers as ours, so pages and tests can tell them from the network's. */
async function answer(request: Request): Promise<Response> {
  const response = await api.handle(request);
  response.headers.set(SERVED_BY_HEADER, 'service-worker');
  return response;
}

for (const method of METHODS) registerRoute(isApiRequest, ({ request }) => answer(request), method);

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// A page loaded by a hard reload is not controlled; it asks us to claim it (src/app/register-sw.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'claim') event.waitUntil(self.clients.claim());
});
