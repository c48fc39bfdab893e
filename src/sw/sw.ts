/**
 * The service worker's boot script (sw.js). Every start pays for the size of this script and for
 * what it evaluates (docs/decisions/service-worker-startup.md), and a cold start's first request is
 * most often the API's, so this holds only what answers the API: the shell API for the routes that
 * need no library code (app/info, src/core/shell-api.ts), the loader of the core for every other
 * route (./core.ts: createApi with Dexie, zod and the services, a script of its own loaded on first
 * use) and the listeners. Every other event goes to the rest of the worker (./worker.ts: workbox's
 * routes for the app shell and the lazy files, install and activate, the page ports), a script of
 * its own that the build loads synchronously at the first such event (`__loadNow`), so that every
 * listener is still added here, at the script's first evaluation, as browsers require. The API's
 * paths are `<scope>api/v2/*` (`/api/v2/*` at a site's root, `/asset-library/api/v2/*` embedded).
 */
import type { Api } from '../core/api';
import { errorResponse } from '../core/http/envelope';
import { ApiError } from '../core/http/errors';
import { apiPathOf, apiPrefixFor } from '../core/http/router';
import { lazyOnce } from '../core/shared/lazy-module';
import { createShellApi } from '../core/shell-api';
import { logApiError } from './api-errors';
import { evaluatedPieces, installDeferredScripts } from './deferred-scripts';
import type { RestOfWorker } from './worker';

declare const self: ServiceWorkerGlobalScope;
/** The build's synchronous loader: `__loadNow(() => import('./x'))` is that piece's exports, its script loaded now. */
declare function __loadNow<M>(load: () => Promise<M>): M;

const SERVED_BY_HEADER = 'X-Served-By';

/** The API lives under this worker's scope, so an install under a base path answers `<base>api/v2/*`. */
const API_PREFIX = apiPrefixFor(new URL(self.registration.scope).pathname);

const shell = createShellApi({ apiPrefix: API_PREFIX, onError: logApiError });
/** Set when an accepted update asked this worker to hand over (./lifecycle.ts). */
let handingOver = false;
/**
 * The core, loaded on first use (`made()`: the one being loaded or loaded, if any). Nothing in it
 * is authoritative. One loaded after the hand-over hands over at once: it takes no event stream.
 */
const core = lazyOnce(async () => {
  const api = (await import('./core')).createWorkerApi(API_PREFIX, rest().pagePorts);
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

let loadedRest: RestOfWorker | undefined;
/** The rest of the worker (./worker.ts), loaded at its first use. */
function rest(): RestOfWorker {
  loadedRest ??= __loadNow(() => import('./worker')).createRestOfWorker(API_PREFIX, evaluatedPieces(), () => {
    handingOver = true;
    // Event streams are the core's: a core not loaded holds none open (and one loaded later hands over as it loads).
    void core.made()?.then((api) => api.changes.handOver(), () => undefined);
    handOver();
  }, answer);
  return loadedRest;
}

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
/**
 * How long a fresh instance waits after its first answer before it resumes jobs. Loading the core
 * and opening the jobs' databases is about 10 ms of work: started at once (the next task), it ran
 * while the page was still taking the answer, and on a machine of two cores the page took it about
 * 2 ms later (docs/decisions/service-worker-startup.md).
 */
const RESUME_AFTER_MS = 100;
const afterFirstAnswer = () => new Promise<void>((resolve) => setTimeout(resolve, RESUME_AFTER_MS));

/**
 * A fresh instance picks up the jobs a stopped one left, once its first answer has gone out and the
 * page has had time to take it (not before: loading the core and opening the registry's and the
 * imports' databases is synchronous work that would run before the answer is handed back, as the
 * profile of a cold start showed). A request in the meantime that needs the core loads it itself.
 */
function resumeJobs(event: ExtendableEvent): void {
  if (resumed) return;
  resumed = true;
  const loading = afterFirstAnswer().then(() => core.get());
  // A core that failed to load resumes nothing: the request that loads it later resumes the jobs.
  loading.catch(() => (resumed = false));
  // Libraries a stopped instance left unfinished go first: no import or load resumes into one.
  const later = loading.then((api) => api.takeBackUnfinished().then(() => api, () => api));
  event.waitUntil(untilHandOver(later.then((api) => api.media.resume().then(() => api.media.whenIdle()))));
  event.waitUntil(untilHandOver(later.then((api) => api.imports.resume().then(() => api.imports.whenIdle()))));
  event.waitUntil(untilHandOver(later.then((api) => api.subscriptions.resume().then(() => api.subscriptions.whenIdle()))));
}

/** Ours: API_PREFIX paths, and the rest of `/api/` (old versions get a JSON 404, not the network's page). */
const isApiRequest = (url: URL) => url.origin === self.location.origin && apiPathOf(url.pathname, API_PREFIX) !== undefined;

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

/** Every request under the API's prefix, whatever its method, is answered here, never by the network. */
self.addEventListener('fetch', (event) => {
  if (isApiRequest(new URL(event.request.url))) event.respondWith(answer(event.request, event));
  else rest().fetch(event);
});
self.addEventListener('install', (event) => {
  // Its loader's list of pieces is this script's own (__SW_PIECES__).
  installDeferredScripts();
  rest().install(event);
});
self.addEventListener('activate', (event) => rest().activate(event));
self.addEventListener('message', (event) => {
  // A page can decode what we cannot (SVG, video): retry what waited for one. The other jobs
  // (imports, subscriptions) still resume after the first answer (resumeJobs), which loads the
  // core and resumes media jobs too: a page's ports alone do not load it ahead of its requests.
  if (!rest().message(event)) return;
  const loaded = core.made();
  if (loaded) event.waitUntil(untilHandOver(loaded.then((api) => api.media.resume().then(() => api.media.whenIdle()))));
});
