/**
 * The fourth cold-start floor (bench only): our shell API (src/core/shell-api.ts) answering
 * app/info, as sw.js does, in a worker with nothing else: no workbox, no page ports, no lifecycle,
 * no script beside it. Its cold start is what a boot script that answers app/info itself would pay
 * before the rest of the worker is loaded (docs/decisions/service-worker-startup.md, night section).
 */
import { apiPrefixFor } from '../../src/core/http/router';
import { createShellApi } from '../../src/core/shell-api';
import { serveFloor } from './serve-floor';

declare const self: ServiceWorkerGlobalScope;

/** The floor's own scope stands in for the app's: `<scope>api/v2/app/info` is app/info. */
const shell = createShellApi({ apiPrefix: apiPrefixFor(new URL(self.registration.scope).pathname) });

serveFloor((request) => shell.handle(request));
