/**
 * The service worker: a thin adapter that answers every same-origin /api/v2/* request with the
 * core and lets every other request pass. Bundled as one classic script (no dynamic import), but
 * for the deferred packages beside it (./deferred-scripts.ts).
 */
import { registerRoute } from 'workbox-routing';
import type { HTTPMethod } from 'workbox-routing/utils/constants';
import { API_PREFIX, createApi, type Notice } from '../core';
import { isMediaPortsGoodbye, isMediaPortsMessage } from '../media';
import { installDeferredScripts } from './deferred-scripts';
import { mediaBridge } from './media-bridge';
import { PagePorts } from './page-ports';

declare const self: ServiceWorkerGlobalScope;

/** Messages from the worker to its pages carry this source tag. */
const SOURCE = 'offline-asset-library';
const SERVED_BY_HEADER = 'X-Served-By';

async function broadcast(notice: Notice): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage({ source: SOURCE, ...notice });
}

// The page's media worker, reached through ports a page hands over (see docs/decisions/media-worker.md).
const pagePorts = new PagePorts(() => self.clients.matchAll({ type: 'window' }));

const api = createApi({
  notify: (notice) => void broadcast(notice),
  onError: (error) => {
    if (error.code === 'INTERNAL') console.error('[api]', error.message, error.cause);
  },
  media: mediaBridge(pagePorts),
  onBackgroundError: (error) => console.error('[media]', error),
});

/** Keeps this instance alive while media jobs run; they resume from IndexedDB if it is stopped anyway. */
const keepAliveForJobs = (event: ExtendableEvent) => event.waitUntil(api.media.whenIdle());

let resumed = false;
/** A fresh instance picks up the jobs a stopped one left, once its first answer is ready (not before: the queue's reads would delay it). */
function resumeJobs(event: ExtendableEvent): void {
  if (resumed) return;
  resumed = true;
  event.waitUntil(api.media.resume().then(() => api.media.whenIdle()));
}

const isApiRequest = ({ url }: { url: URL }) => url.origin === self.location.origin && url.pathname.startsWith(`${API_PREFIX}/`);

// Every method, so that a wrong one gets a 405 envelope instead of reaching the network.
const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Marks answers as ours, so pages and tests can tell them from the network's. */
async function answer(request: Request, event: ExtendableEvent): Promise<Response> {
  const response = await api.handle(request);
  resumeJobs(event);
  keepAliveForJobs(event);
  response.headers.set(SERVED_BY_HEADER, 'service-worker');
  return response;
}

for (const method of METHODS) registerRoute(isApiRequest, ({ request, event }) => answer(request, event), method);

self.addEventListener('install', () => {
  installDeferredScripts();
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// A page loaded by a hard reload is not controlled; it asks us to claim it (src/app/register-sw.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'claim') event.waitUntil(self.clients.claim());
  if (isMediaPortsMessage(event.data)) {
    pagePorts.accept(event.data.hostId, event.data.workers, event.data.page);
    // A page can decode what we cannot (SVG, video): retry what waited for one.
    resumed = true;
    event.waitUntil(api.media.resume().then(() => api.media.whenIdle()));
  }
  if (isMediaPortsGoodbye(event.data)) pagePorts.goodbye(event.data.hostId);
});
