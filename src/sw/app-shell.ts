/**
 * The offline app shell: every file of the build is precached (workbox-precaching, list emitted by
 * tools/vite-plugin-service-worker.ts) and served from Cache Storage; navigations to the app's own
 * pages (its page with any query, the API reference) get the precached index.html. A first install takes only what a start needs, the rest filled once the
 * worker runs (./precache-rest.ts), so a first visit's API does not wait for every chunk. The API
 * is answered before any of these routes is asked (./sw.ts). Every other navigation of the scope
 * (a host's own page, when the app sits at its root) goes to the network. Originals and thumbnails
 * stay in IndexedDB.
 */
// What cleanupOutdatedCaches() runs, without the listener it would add (see registerAppShell).
import { cacheNames } from 'workbox-core/_private/cacheNames.js';
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { deleteOutdatedCaches } from 'workbox-precaching/utils/deleteOutdatedCaches.js';
import { Route, type Router } from 'workbox-routing';
import { isAppPagePath } from '../shared/app-pages';
import type { OfflineFiles } from './messages';
import { fillPrecache } from './precache-install';
import { fillRest } from './precache-rest';

/** The build's files with their revisions, relative to sw.js; empty in development. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
const MANIFEST = __PRECACHE_MANIFEST__;
/** What a start needs of the list: the app page and the files it names (tools/precache-manifest.ts). */
declare const __PRECACHE_START__: string[];

const APP_PAGE = 'index.html';

declare const self: ServiceWorkerGlobalScope;

const controller = new PrecacheController();
let listed = false;
/** The worker's evaluated pieces (./deferred-scripts.ts), precached with a build's files. */
let pieces: readonly PrecacheEntry[] = [];
/**
 * The precache, its list read on first use (install, activate, a request the API does not answer):
 * reading it makes two URLs per file, work a cold start answered by the API never needs
 * (docs/decisions/service-worker-startup.md).
 */
function precache(): PrecacheController {
  if (!listed) {
    controller.addToCacheList(hasAppShell() ? [...MANIFEST, ...pieces] : MANIFEST);
    listed = true;
  }
  return controller;
}

/**
 * The precached app page for a navigation to one of its paths other than the file itself (the
 * folder with a query, /api-docs). The build's URLs are relative to the app's folder, so the page
 * gets a `<base>` naming that folder.
 */
async function appPageFor(): Promise<Response> {
  const page = await precache().matchPrecache(APP_PAGE);
  if (!page) return Response.error();
  const html = (await page.text()).replace(/<head>/i, `<head><base href="${self.registration.scope}">`);
  return new Response(html, { headers: page.headers });
}

/** Whether the build precached a shell (development serves everything from the dev server instead). */
export const hasAppShell = () => MANIFEST.some((entry) => entry.url === APP_PAGE);

export interface AppShell {
  /**
   * Fetches the build into the new cache (./precache-install.ts): a first install what a start
   * needs (the page's files and the worker's pieces), an update every file, as the running version
   * serves meanwhile and an open tab may load any chunk of the new one once it takes over.
   */
  install(event: ExtendableEvent): void;
  /**
   * Fetches the listed files the cache lacks (./precache-rest.ts), one fill at a time per worker,
   * for the page `askedBy` (a client id; '' for a sender that is none) and any that ask while it
   * runs. When it ends, the first of them still open hears what it fetched and the others
   * `fetched: 0`: one tab says it is ready, not each, and a page that reloaded during the fill says
   * it for the page it replaced.
   */
  fillRest(askedBy: string): Promise<OfflineFiles>;
  /** Drops entries the new build no longer lists, and the caches of older Workbox formats. */
  activate(event: ExtendableEvent): void;
}

/** The first of these clients that is still open (a reloaded page's old client is gone). */
async function firstOpen(clientIds: readonly string[]): Promise<string | undefined> {
  for (const id of clientIds) if (await self.clients.get(id)) return id;
  return undefined;
}

/**
 * Adds the shell's routes to `router`; the worker calls the returned handlers from its own
 * listeners (workbox's `precache()` and `cleanupOutdatedCaches()` would add listeners of their own,
 * which must be added at the script's first evaluation, and this module is loaded later: ./worker.ts).
 */
export function registerAppShell(router: Router, evaluatedPieces: readonly PrecacheEntry[]): AppShell {
  pieces = evaluatedPieces;
  const route = new PrecacheRoute(controller);
  router.registerRoute(
    new Route((options) => {
      precache();
      return route.match(options);
    }, route.handler),
  );
  let filling: { done: Promise<OfflineFiles>; askers: string[]; toTell: Promise<string | undefined> } | undefined;
  const shell: AppShell = {
    install: (event) => {
      const start = hasAppShell() && !self.registration.active ? new Set([...__PRECACHE_START__, ...pieces.map((piece) => piece.url)].map((url) => new URL(url, self.location.href).href)) : undefined;
      event.waitUntil(fillPrecache(precache(), event, start));
    },
    fillRest: (askedBy) => {
      if (!filling) {
        const askers: string[] = [];
        const done = fillRest(precache(), cacheNames.getPrecacheName(), () => self.registration.waiting !== null).finally(() => (filling = undefined));
        filling = { done, askers, toTell: done.then(() => firstOpen(askers)) };
      }
      const { done, askers, toTell } = filling;
      if (askedBy) askers.push(askedBy);
      return Promise.all([done, toTell]).then(([filled, told]) => (askedBy && told === askedBy ? filled : { fetched: 0, missing: filled.missing }));
    },
    activate: (event) => {
      void precache().activate(event);
      event.waitUntil(deleteOutdatedCaches(cacheNames.getPrecacheName()));
    },
  };
  if (!hasAppShell()) return shell;
  const scope = () => new URL(self.registration.scope).pathname;
  router.registerRoute(new Route(({ request, url }) => request.mode === 'navigate' && isAppPagePath(url.pathname, scope()), appPageFor));
  return shell;
}
