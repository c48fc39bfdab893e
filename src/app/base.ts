/**
 * Where the app lives: `/` at a site's root, `/asset-library/` when a host site put it under a base
 * path. The build uses relative URLs (vite `base: './'`) so that one build works anywhere; every
 * chunk sits in `assets/` under the base, so the base is the folder above this module's chunk,
 * whatever the page's own URL. The dev server always serves at `/`.
 */
export const APP_BASE: string = import.meta.env.DEV ? '/' : new URL(/* @vite-ignore */ '../', import.meta.url).pathname;
