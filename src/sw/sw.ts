/**
 * The service worker: a thin adapter that answers every same-origin request under its API prefix
 * (`<scope>api/v2/*`: `/api/v2/*` at a site's root, `/asset-library/api/v2/*` embedded) with the
 * core, then serves the precached app shell (./app-shell.ts) and lets every other request pass.
 * Bundled as one classic script (no dynamic import), but for the deferred packages beside it
 * (./deferred-scripts.ts).
 */
import { registerRoute } from 'workbox-routing';
import type { HTTPMethod } from 'workbox-routing/utils/constants';
import { apiPathOf, apiPrefixFor, createApi } from '../core';
import { isMediaPortsGoodbye, isMediaPortsMessage } from '../media';
import { registerAppShell } from './app-shell';
import { modelFiles, registerLazyCache } from './lazy-cache';
import { handleLifecycle } from './lifecycle';
import { mediaBridge } from './media-bridge';
import { PagePorts } from './page-ports';

declare const self: ServiceWorkerGlobalScope;

const SERVED_BY_HEADER = 'X-Served-By';

// The page's media worker, reached through ports a page hands over (see docs/decisions/media-worker.md).
const pagePorts = new PagePorts(() => self.clients.matchAll({ type: 'window' }));

/** The API lives under this worker's scope, so an install under a base path answers `<base>api/v2/*`. */
const API_PREFIX = apiPrefixFor(new URL(self.registration.scope).pathname);

const api = createApi({
  apiPrefix: API_PREFIX,
  onError: (error) => {
    if (error.code === 'INTERNAL') console.error('[api]', error.message, error.cause);
  },
  media: mediaBridge(pagePorts),
  modelFiles,
  onBackgroundError: (error) => console.error('[media]', error),
});

/**
 * Settles when an accepted update asks this worker to hand over. Chromium activates the new worker
 * only once every event of this one has settled, so from then on no event waits for jobs: they are
 * kept in IndexedDB, and the new worker resumes them.
 */
let handOver!: () => void;
const handedOver = new Promise<void>((resolve) => (handOver = resolve));
const untilHandOver = (work: Promise<unknown>) => Promise.race([work, handedOver]);

/** Keeps this instance alive while media jobs and imports run; they resume from IndexedDB if it is stopped anyway. */
const keepAliveForJobs = (event: ExtendableEvent) => event.waitUntil(untilHandOver(Promise.all([api.media.whenIdle(), api.imports.whenIdle(), api.subscriptions.whenIdle()])));

let resumed = false;
/** Settles on the next task: after the answer in hand has gone to the page. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A fresh instance picks up the jobs a stopped one left, once its first answer has gone out (not
 * before: opening the registry's and the imports' databases is synchronous work that would run
 * before the answer is handed back, as the profile of a cold start showed).
 */
function resumeJobs(event: ExtendableEvent): void {
  if (resumed) return;
  resumed = true;
  const later = nextTask();
  event.waitUntil(untilHandOver(later.then(() => api.media.resume()).then(() => api.media.whenIdle())));
  event.waitUntil(untilHandOver(later.then(() => api.imports.resume()).then(() => api.imports.whenIdle())));
  event.waitUntil(untilHandOver(later.then(() => api.subscriptions.resume()).then(() => api.subscriptions.whenIdle())));
}

/** Ours: API_PREFIX paths, and the rest of `/api/` (old versions get a JSON 404, not the network's page). */
const isApiRequest = ({ url }: { url: URL }) => url.origin === self.location.origin && apiPathOf(url.pathname, API_PREFIX) !== undefined;

// Every method workbox-routing can register, so that a wrong one gets a 405 envelope.
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
// After the API routes: the first matching route wins.
registerLazyCache();
registerAppShell(API_PREFIX);
handleLifecycle(() => {
  api.changes.handOver();
  handOver();
});

// Methods workbox cannot route (OPTIONS, PROPFIND, ...) on our paths: answered here, never by the network.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if ((METHODS as string[]).includes(request.method) || !isApiRequest({ url: new URL(request.url) })) return;
  event.respondWith(answer(request, event));
});

self.addEventListener('message', (event) => {
  if (isMediaPortsMessage(event.data)) {
    pagePorts.accept(event.data.hostId, event.data.workers, event.data.page);
    // A page can decode what we cannot (SVG, video): retry what waited for one. The other jobs
    // (imports, subscriptions) still resume after the first answer (resumeJobs).
    event.waitUntil(untilHandOver(api.media.resume().then(() => api.media.whenIdle())));
  }
  if (isMediaPortsGoodbye(event.data)) pagePorts.goodbye(event.data.hostId);
});
