/**
 * `/api-docs` (under the app's base) shows the API reference instead of the library. Imported
 * first by ../main.ts: the library's shell element leaves the page before its code defines it, so
 * nothing of the library starts; the reference's code loads now, on this visit only.
 */
import { APP_BASE } from '../base';

export const API_DOCS_PATH = 'api-docs';

export const isApiDocsPath = (pathname: string, base = APP_BASE) => pathname.replace(/\/+$/, '') === `${base.replace(/\/+$/, '')}/${API_DOCS_PATH}`;

export const showsApiDocs = isApiDocsPath(location.pathname);

if (showsApiDocs) {
  document.querySelector('app-shell')?.remove();
  void import('./api-docs-page').then(({ showApiDocs }) => showApiDocs(document.body));
}
