/**
 * The fifth cold-start floor (bench only): our shell API answering app/info, as the shell floor
 * does, in a worker that imported the real worker's scripts while installing (the pieces beside
 * sw.js, named in this worker's URL: `?scripts=sw-0-core.js,...`). A start receives every installed
 * script with its code cache from the browser, whether it runs them or not; this floor's cold start
 * is the shell floor's plus that stream, which every start of ours pays too
 * (docs/decisions/service-worker-startup.md, late night).
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

const shell = createShellApi({ apiPrefix: apiPrefixFor(new URL(self.registration.scope).pathname) });

serveFloor((request) => shell.handle(request));
