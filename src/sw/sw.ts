/**
 * The service worker: a thin adapter that answers every same-origin request under its API prefix
 * (`<scope>api/v2/*`: `/api/v2/*` at a site's root, `/asset-library/api/v2/*` embedded), then
 * serves the precached app shell (./app-shell.ts) and lets every other request pass.
 *
 * This script is a shell: the routes that need no library and no zod (app/info) are answered by
 * the core's shell API (src/core/shell-api.ts), and the core itself (createApi: Dexie, zod, the
 * services; ./core.ts) is a script of its own beside sw.js, loaded with importScripts by the
 * first request the shell does not answer, by the resume of jobs after a start's first answer and
 * by a page's media ports. A cold start whose first answer is the shell's (app/info, a page from
 * the precache) evaluates none of it (docs/decisions/service-worker-startup.md). Every `import()`
 * is such a script (./deferred-scripts.ts).
 */
import { registerRoute } from 'workbox-routing';
import type { HTTPMethod } from 'workbox-routing/utils/constants';
import type { Api } from '../core/api';
import { errorResponse } from '../core/http/envelope';
import { ApiError } from '../core/http/errors';
import { apiPathOf, apiPrefixFor } from '../core/http/router';
import { lazyOnce } from '../core/shared/lazy-module';
import { createShellApi } from '../core/shell-api';
import { isMediaPortsGoodbye, isMediaPortsMessage } from '../media/messages';
import { logApiError } from './api-errors';
import { registerAppShell } from './app-shell';
import { registerLazyCache } from './lazy-cache';
import { handleLifecycle } from './lifecycle';
import { PagePorts } from './page-ports';

declare const self: ServiceWorkerGlobalScope;

const SERVED_BY_HEADER = 'X-Served-By';

// The page's media worker, reached through ports a page hands over (see docs/decisions/media-worker.md).
const pagePorts = new PagePorts(() => self.clients.matchAll({ type: 'window' }));

/** The API lives under this worker's scope, so an install under a base path answers `<base>api/v2/*`. */
const API_PREFIX = apiPrefixFor(new URL(self.registration.scope).pathname);

const shell = createShellApi({ apiPrefix: API_PREFIX, onError: logApiError });
/** Set when an accepted update asked this worker to hand over (handleLifecycle below). */
let handingOver = false;
/**
 * The core, loaded on first use (`made()`: the one being loaded or loaded, if any). Nothing in it
 * is authoritative. One loaded after the hand-over hands over at once: it takes no event stream.
 */
const core = lazyOnce(async () => {
  const api = (await import('./core')).createWorkerApi(API_PREFIX, pagePorts);
  if (handingOver) api.changes.handOver();
  return api;
});

/**
 * Settles when an accepted update asks this worker to hand over. Chromium activates the new worker
 * only once every event of this one has settled, so from then on no event waits for jobs: they are
 * kept in IndexedDB, and the new worker resumes them.
 */
let handOver!: () => void;
const handedOver = new Promise<void>((resolve) => (handOver = resolve));
const untilHandOver = (work: Promise<unknown>) => Promise.race([work, handedOver]);

/**
 * Keeps this instance alive while media jobs and imports run; they resume from IndexedDB if it is
 * stopped anyway. Only the core runs jobs: while it is not loaded there are none to wait for (the
 * resume after a start's first answer loads it and keeps that event alive itself).
 */
function keepAliveForJobs(event: ExtendableEvent): void {
  const loaded = core.made();
  if (!loaded) return;
  event.waitUntil(untilHandOver(loaded.then((api) => Promise.all([api.media.whenIdle(), api.imports.whenIdle(), api.subscriptions.whenIdle()]))));
}

let resumed = false;
/** Settles on the next task: after the answer in hand has gone to the page. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A fresh instance picks up the jobs a stopped one left, once its first answer has gone out (not
 * before: loading the core and opening the registry's and the imports' databases is synchronous
 * work that would run before the answer is handed back, as the profile of a cold start showed).
 */
function resumeJobs(event: ExtendableEvent): void {
  if (resumed) return;
  resumed = true;
  const later = nextTask().then(() => core.get());
  // A core that failed to load resumes nothing: the request that loads it later resumes the jobs.
  later.catch(() => (resumed = false));
  event.waitUntil(untilHandOver(later.then((api) => api.media.resume().then(() => api.media.whenIdle()))));
  event.waitUntil(untilHandOver(later.then((api) => api.imports.resume().then(() => api.imports.whenIdle()))));
  event.waitUntil(untilHandOver(later.then((api) => api.subscriptions.resume().then(() => api.subscriptions.whenIdle()))));
}

/** Ours: API_PREFIX paths, and the rest of `/api/` (old versions get a JSON 404, not the network's page). */
const isApiRequest = ({ url }: { url: URL }) => url.origin === self.location.origin && apiPathOf(url.pathname, API_PREFIX) !== undefined;

// Every method workbox-routing can register, so that a wrong one gets a 405 envelope.
const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The core's answer; a core that failed to load (tried again by the next request) is a 503 envelope. */
async function coreAnswer(request: Request): Promise<Response> {
  let api: Api;
  try {
    api = await core.get();
  } catch (thrown) {
    const error = new ApiError('UNAVAILABLE', `The API could not be loaded: ${thrown instanceof Error ? thrown.message : String(thrown)}`, { cause: thrown });
    logApiError(error);
    return errorResponse(error);
  }
  return api.handle(request);
}

/** Marks answers as ours, so pages and tests can tell them from the network's. */
async function answer(request: Request, event: ExtendableEvent): Promise<Response> {
  const response = shell.answers(request) ? await shell.handle(request) : await coreAnswer(request);
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
  handingOver = true;
  // Event streams are the core's: a core not loaded holds none open (and one loaded later hands over as it loads).
  void core.made()?.then((api) => api.changes.handOver(), () => undefined);
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
    // (imports, subscriptions) still resume after the first answer (resumeJobs), which loads the
    // core and resumes media jobs too: a page's ports alone do not load it ahead of its requests.
    const loaded = core.made();
    if (loaded) event.waitUntil(untilHandOver(loaded.then((api) => api.media.resume().then(() => api.media.whenIdle()))));
  }
  if (isMediaPortsGoodbye(event.data)) pagePorts.goodbye(event.data.hostId);
});
