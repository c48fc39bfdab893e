/**
 * The offline app shell: every file of the build is precached (workbox-precaching, list emitted by
 * tools/vite-plugin-service-worker.ts) and served from Cache Storage; navigations fall back to the
 * precached index.html. Register this after the API routes: the first matching route wins, and the
 * fallback must never answer under the API prefix. Originals and thumbnails stay in IndexedDB.
 */
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute, Route } from 'workbox-routing';

/** The build's files with their revisions, relative to sw.js; empty in development. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
const MANIFEST = __PRECACHE_MANIFEST__;

const APP_PAGE = 'index.html';

declare const self: ServiceWorkerGlobalScope;

const controller = new PrecacheController();
let listed = false;
/**
 * The precache, its list read on first use (install, activate, a request the API does not answer):
 * reading it makes two URLs per file, work a cold start answered by the API never needs
 * (docs/decisions/service-worker-startup.md).
 */
function precache(): PrecacheController {
  if (!listed) {
    controller.addToCacheList(MANIFEST);
    listed = true;
  }
  return controller;
}

/**
 * The precached app page for a navigation to another path of the scope (a deep link). The build's
 * URLs are relative to the app's folder, so the page gets a `<base>` naming that folder.
 */
async function appPageFor(): Promise<Response> {
  const page = await precache().matchPrecache(APP_PAGE);
  if (!page) return Response.error();
  const html = (await page.text()).replace(/<head>/i, `<head><base href="${self.registration.scope}">`);
  return new Response(html, { headers: page.headers });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the build precached a shell (development serves everything from the dev server instead). */
export const hasAppShell = () => MANIFEST.some((entry) => entry.url === APP_PAGE);

export function registerAppShell(apiPrefix: string): void {
  // Install fetches the build into the new cache; activate drops entries the new build no longer lists.
  self.addEventListener('install', (event) => void precache().install(event));
  self.addEventListener('activate', (event) => void precache().activate(event));
  const route = new PrecacheRoute(controller);
  registerRoute(
    new Route((options) => {
      precache();
      return route.match(options);
    }, route.handler),
  );
  // Caches of older Workbox formats.
  cleanupOutdatedCaches();
  if (!hasAppShell()) return;
  const fallback = new NavigationRoute(appPageFor, {
    denylist: [
      // Never the API: a navigation to an API URL (an opened file, a typo) gets the API's answer.
      new RegExp(`^${escapeRegExp(apiPrefix)}(/|$)`),
      // A file the site has but the build does not (a host's own page or asset) comes from the network.
      /\/[^/?]+\.[^/?]+(\?|$)/,
    ],
  });
  registerRoute(fallback);
}
