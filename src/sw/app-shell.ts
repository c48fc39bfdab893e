/**
 * The offline app shell: every file of the build is precached (workbox-precaching, list emitted by
 * tools/vite-plugin-service-worker.ts) and served from Cache Storage; navigations fall back to the
 * precached index.html. Register this after the API routes: the first matching route wins, and the
 * fallback must never answer under the API prefix. Originals and thumbnails stay in IndexedDB.
 */
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, precache, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** The build's files with their revisions, relative to sw.js; empty in development. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
const MANIFEST = __PRECACHE_MANIFEST__;

const APP_PAGE = 'index.html';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the build precached a shell (development serves everything from the dev server instead). */
export const hasAppShell = () => MANIFEST.some((entry) => entry.url === APP_PAGE);

export function registerAppShell(apiPrefix: string): void {
  // Adds install (fetch into the new cache) and activate (drop entries the new build no longer lists).
  precache(MANIFEST);
  addRoute();
  // Caches of older Workbox formats.
  cleanupOutdatedCaches();
  if (!hasAppShell()) return;
  const fallback = new NavigationRoute(createHandlerBoundToURL(APP_PAGE), {
    denylist: [
      // Never the API: a navigation to an API URL (an opened file, a typo) gets the API's answer.
      new RegExp(`^${escapeRegExp(apiPrefix)}(/|$)`),
      // A file the site has but the build does not (a host's own page or asset) comes from the network.
      /\/[^/?]+\.[^/?]+(\?|$)/,
    ],
  });
  registerRoute(fallback);
}
