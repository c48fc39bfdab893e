/**
 * The fourth and fifth cold-start floors (bench only): our shell API (src/core/shell-api.ts)
 * answering app/info, as sw.js does, in a worker with nothing else: no workbox, no page ports, no
 * lifecycle. Built twice (bench/vite.config.ts): `bench-floor-shell.js` has no script beside it, so
 * its cold start is what a boot script that answers app/info itself pays; `bench-floor-shell-scripts.js`
 * is registered with the real worker's pieces in its URL (`?scripts=sw-0-core.js,...`) and imports
 * them while installing. A start receives every installed script with its code cache from the
 * browser, whether it runs them or not, so that floor's cold start is the shell's plus that stream,
 * which every start of ours pays too (docs/decisions/service-worker-startup.md, late night).
 */
import { apiPrefixFor } from '../../src/core/http/router';
import { createShellApi } from '../../src/core/shell-api';
import { serveFloor } from './serve-floor';

declare const self: ServiceWorkerGlobalScope & { __deferredRun?: (file: string) => void };

// A piece sw.js loads itself runs as it loads, through sw.js's loader: here it only registers.
self.__deferredRun = () => undefined;
const scripts = (new URL(self.location.href).searchParams.get('scripts') ?? '').split(',').filter(Boolean);
// Only what a worker imports while installing may be imported later, and is sent to each start.
self.addEventListener('install', () => {
  for (const file of scripts) self.importScripts(new URL(file, self.location.href).href);
});

/** The floor's own scope stands in for the app's: `<scope>api/v2/app/info` is app/info. */
const shell = createShellApi({ apiPrefix: apiPrefixFor(new URL(self.registration.scope).pathname) });

serveFloor((request) => shell.handle(request));
