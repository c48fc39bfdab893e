/**
 * The part of the API a service worker answers without loading the core: the routes that read no
 * library and parse no input with zod (app/info). The same route values, router, context check
 * and envelopes as the core's (./routes.ts lists them too, and createApi answers them the same
 * way); this module imports none of Dexie, zod or the services, so the worker's script (src/sw/sw.ts)
 * stays small and the core is a script of its own beside it, loaded by the first request the shell
 * does not answer (docs/decisions/service-worker-startup.md).
 */
import type { ApiDeps } from './api';
import { APP_VERSION } from './app/version';
import { appManifest } from './app/app.manifest';
import type { AppContext } from './app/app.routes';
import { namedLibraryOf, requireNamedLibrary } from './http/named-library';
import { API_PREFIX, Router } from './http/router';
import { DEFAULT_NAMESPACE, LibraryRegistry } from './storage/registry';

/**
 * The rows flagged `shell`; only the app feature's may be (a test checks every manifest), as
 * importing the others would bring the core into the worker's script. Reads only: the core's
 * write guard (publish/read-only.ts) refuses writes to a subscribed library, and the shell has none.
 */
export const SHELL_ROUTES = appManifest.routes.filter((shellRoute) => shellRoute.shell === true);

export interface ShellApi {
  /** Whether the shell answers this request (its route and method); every other one is the core's. */
  answers(request: Request): boolean;
  handle(request: Request): Promise<Response>;
}

export function createShellApi(deps: Pick<ApiDeps, 'apiPrefix' | 'namespace' | 'app' | 'onError'> = {}): ShellApi {
  const unsafe = SHELL_ROUTES.find((shellRoute) => shellRoute.method !== 'GET');
  if (unsafe) throw new Error(`The shell answers reads only, not ${unsafe.method} ${unsafe.path}.`);
  const app = deps.app ?? APP_VERSION;
  const registry = new LibraryRegistry(deps.namespace ?? DEFAULT_NAMESPACE, Date.now, `${app.version}`);
  const router = new Router<AppContext>(SHELL_ROUTES, deps.apiPrefix ?? API_PREFIX);
  // As the core's: a request naming an unknown library is a 404 on every route.
  const makeContext = async (request: Request): Promise<AppContext> => {
    await requireNamedLibrary(registry, namedLibraryOf(request));
    return { app };
  };
  return {
    answers: (request) => router.has(request),
    handle: (request) => router.dispatch(request, () => makeContext(request), deps.onError),
  };
}
