/**
 * The site answers a file it does not have with 404, not with index.html: Vite's default SPA
 * fallback ('spa' appType) turned `item/add {"path":"/typo.png"}` into an item holding the app's
 * own page. The app's navigations still get index.html: a page load (Sec-Fetch-Mode `navigate`, or
 * an Accept that asks for HTML) of a path without a file extension, outside the API, is rewritten
 * to it, so a first visit to `/api-docs` opens the app (views are in the query, `/?view=…`). Applies to `vite`, `vite
 * preview` (`npm start`) and the e2e server alike.
 */
import type { Connect, Plugin } from 'vite';

const API_PARENT = '/api/';

function isAppNavigation(request: Connect.IncomingMessage): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = (request.url ?? '/').split(/[?#]/)[0]!;
  if (path.startsWith(API_PARENT) || path.startsWith('/@') || path.startsWith('/__')) return false;
  const last = path.split('/').pop() ?? '';
  if (last.includes('.')) return false;
  const mode = request.headers['sec-fetch-mode'];
  const accept = String(request.headers.accept ?? '');
  return mode === 'navigate' || accept.startsWith('text/html');
}

const rewrite: Connect.NextHandleFunction = (request, _response, next) => {
  if (isAppNavigation(request) && !/^\/(\?|$)/.test(request.url!)) {
    const query = request.url!.includes('?') ? request.url!.slice(request.url!.indexOf('?')) : '';
    request.url = `/index.html${query}`;
  }
  next();
};

export function navigationFallback(): Plugin {
  return {
    name: 'offline-asset-library:navigation-fallback',
    config: () => ({ appType: 'mpa' }),
    // Vitest's browser mode serves its own pages from the dev server: leave its navigations alone.
    configureServer: (server) => void (process.env.VITEST ? undefined : server.middlewares.use(rewrite)),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}
