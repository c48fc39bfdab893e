/**
 * The paths under the app's base that show the app: its page (the base itself, or index.html) and
 * the API reference (`api-docs`). The worker's navigation fallback answers these alone, so a host
 * site that holds the app at its root keeps its own pages (src/sw/app-shell.ts).
 */
export const API_DOCS_PATH = 'api-docs';

const trimmed = (path: string) => path.replace(/\/+$/, '');

export const isApiDocsPath = (pathname: string, base: string): boolean => trimmed(pathname) === `${trimmed(base)}/${API_DOCS_PATH}`;

export const isAppPagePath = (pathname: string, base: string): boolean =>
  trimmed(pathname) === trimmed(base) || pathname === `${trimmed(base)}/index.html` || isApiDocsPath(pathname, base);
