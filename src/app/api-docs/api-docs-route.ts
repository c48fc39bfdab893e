/**
 * `/api-docs` (under the app's base) shows the API reference instead of the library. Imported
 * first by ../main.ts: the library's shell element leaves the page before its code defines it, so
 * nothing of the library starts; the reference's code loads now, on this visit only.
 */
import { isApiDocsPath } from '../../shared/app-pages';
import { APP_BASE } from '../base';

export const showsApiDocs = isApiDocsPath(location.pathname, APP_BASE);

if (showsApiDocs) {
  document.querySelector('app-shell')?.remove();
  void import('./api-docs-page').then(({ showApiDocs }) => showApiDocs(document.body));
}
