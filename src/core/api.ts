/**
 * The core's public face: `createApi(deps).handle(request)` answers any /api/v2/* request. It runs
 * in the service worker, in a page (fallback transport) and in node tests. Nothing authoritative is
 * kept in memory: every request reads the registry and the library from IndexedDB.
 */
import type { DexieOptions } from 'dexie';
import { APP_VERSION } from './app/version';
import type { AppVersion, Context, Notice, OpenLibrary } from './context';
import type { ApiError } from './http/errors';
import { Router } from './http/router';
import { createIdGenerator } from './ids';
import { ROUTES } from './routes';
import { LibraryDb } from './storage/library-db';
import { LibraryRegistry, type LibraryRecord } from './storage/registry';

/** Request header naming the library a request works on, instead of the current one (ours). */
export const LIBRARY_HEADER = 'X-Library-Path';

export interface ApiDeps {
  /** Prefix of every IndexedDB database name; tests use a unique one. */
  namespace?: string;
  clock?: () => number;
  ids?: () => string;
  app?: AppVersion;
  notify?: (notice: Notice) => void;
  fetchSource?: (input: string) => Promise<Response>;
  dexieOptions?: DexieOptions;
  /** Called with every error answer (the service worker logs INTERNAL ones). */
  onError?: (error: ApiError) => void;
}

export interface Api {
  handle(request: Request): Promise<Response>;
  readonly router: Router;
  readonly registry: LibraryRegistry;
  /** Opens (or reuses) the database of a library; exported for tests and benchmarks. */
  open(record: LibraryRecord): OpenLibrary;
  /** Closes every open database (tests, and before deleting a library). */
  close(): void;
}

export function createApi(deps: ApiDeps = {}): Api {
  const namespace = deps.namespace ?? 'lam';
  const clock = deps.clock ?? Date.now;
  const ids = deps.ids ?? createIdGenerator(clock);
  const app = deps.app ?? APP_VERSION;
  const notify = deps.notify ?? (() => {});
  const fetchSource = deps.fetchSource ?? ((input: string) => fetch(input, { credentials: 'omit' }));
  const registry = new LibraryRegistry(namespace, clock, `${app.version}`);
  const router = new Router(ROUTES);
  // A cache of open connections, safe to lose: reopening a database takes under a millisecond.
  const databases = new Map<string, LibraryDb>();

  const open = (record: LibraryRecord): OpenLibrary => {
    const name = `${namespace}/library${record.path}`;
    let db = databases.get(name);
    if (!db) {
      db = new LibraryDb(name, deps.dexieOptions);
      databases.set(name, db);
    }
    return { record, db };
  };

  const contextFor = (request: Request): Context => {
    const chosen = request.headers.get(LIBRARY_HEADER);
    let library: Promise<OpenLibrary> | undefined;
    const internal = (pathAndQuery: string) => {
      const inner = new Request(new URL(pathAndQuery, request.url), { headers: chosen ? { [LIBRARY_HEADER]: chosen } : {} });
      return router.dispatch(inner, () => contextFor(inner));
    };
    return {
      internal,
      clock,
      ids,
      app,
      registry,
      notify,
      fetchSource,
      library: () =>
        (library ??= (chosen ? registry.require(chosen) : registry.current()).then(open)),
    };
  };

  return {
    router,
    registry,
    open,
    handle: (request) => router.dispatch(request, () => contextFor(request), deps.onError),
    close: () => {
      for (const db of databases.values()) db.close();
      databases.clear();
    },
  };
}
