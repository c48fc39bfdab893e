/**
 * Where the app lives: `/` at a site's root, `/asset-library/` when a host site put it under a base
 * path. The build uses relative URLs (vite `base: './'`) so that one build works anywhere, and
 * every chunk sits in `assets/` under the base: the base is the folder above this module's chunk,
 * whatever the page's own URL. The dev server serves this module as `/src/app/base.ts`, at `/`.
 * (Not `import.meta.env.DEV`: builds run inside Vitest, with NODE_ENV=test, have it true.)
 */
const moduleUrl = new URL(import.meta.url);
/** Outside a served page (node tests import the app's modules from files) the app sits at the root. */
export const APP_BASE: string = moduleUrl.protocol.startsWith('http') ? moduleUrl.pathname.replace(/(?:assets|src\/app)\/[^/]*$/, '') : '/';
