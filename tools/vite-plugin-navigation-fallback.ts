/**
 * The site answers a file it does not have with 404, not with index.html: Vite's default SPA
 * fallback ('spa' appType) turned `item/add {"path":"/typo.png"}` into an item holding the app's
 * own page. The app's own navigations still get index.html: a page load (Sec-Fetch-Mode `navigate`,
 * or an Accept that asks for HTML) of one of its paths (src/shared/app-pages.ts: `/api-docs`; views
 * are a query on `/`) is rewritten to it, as the worker answers them once installed. Applies to
 * `vite`, `vite preview` (`npm start`) and the e2e server alike.
 */
import type { Connect, Plugin } from 'vite';
import { isAppPagePath } from '../src/shared/app-pages.ts';

function isAppNavigation(request: Connect.IncomingMessage): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!isAppPagePath((request.url ?? '/').split(/[?#]/)[0]!, '/')) return false;
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
