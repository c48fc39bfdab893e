/**
 * The core's public face: `createApi(deps).handle(request)` answers any /api/v2/* request. It runs
 * in the service worker, in a page (fallback transport) and in node tests. Nothing authoritative is
 * kept in memory: every request reads the registry and the library from IndexedDB.
 */
import type { DexieOptions } from 'dexie';
import { APP_VERSION } from './app/version';
import type { Imports } from './eagle-library/imports';
import { ImportRegistry } from './eagle-library/import-state';
import type { AppVersion, Context, ImportsPort, OpenLibrary } from './context';
import type { ApiError } from './http/errors';
import { errorResponse } from './http/envelope';
import { LibraryRequests } from './http/library-requests';
import { lastLibraryParameter, LIBRARY_HEADER, namedLibraryOf, requireNamedLibrary } from './http/named-library';
import { API_PREFIX, Router } from './http/router';
import { ChangeFeed } from './events/change-feed';
import { watchTables } from './events/table-watch';
import { createIdGenerator } from './ids';
import { LIBRARY_UPGRADES } from './library-upgrades';
import type { JobRunner } from './media/job-runner';
import type { MediaProcessor } from './media/media-processor';
import type { ModelFilesPort } from './ai-search/model-files';
import { MediaQueue } from './media/media-queue';
import { readOnlyRefusal } from './publish/read-only';
import { requestReplay } from './request-replay';
import { publishedLoad, ReadOnlyLibraries, type PublishedLoad } from './publish/subscription-state';
import type { Subscriptions } from './publish/subscriptions';
import { ROUTES } from './routes';
import { MANIFESTS } from './manifests';
import { eagleLibraryManifest } from './eagle-library/eagle-library.manifest';
import { mediaManifest } from './media/media.manifest';
import { publishManifest } from './publish/publish.manifest';
import { syncManifest } from './sync/sync.manifest';
import { listingEnginesOf } from './listing/engines';
import { loadBeforeWrite, loadItemObservers } from './item-observers';
import { loadPouch, type PouchConstructor } from './sync/pouch';
import { destroyReplica, hasReplica } from './sync/replica';
import { LIBRARY_VERSION, LibraryDb } from './storage/library-db';
import type { ItemObserver } from './storage/item-changes';
import type { WritePipeline } from './storage/open-library';
import { DEFAULT_NAMESPACE, LibraryRegistry, type LibraryRecord } from './storage/registry';
import { firstRemoteFile, type RemoteFileSource } from './storage/remote-files';
import { takeBackUnfinished } from './storage/take-back-library';
import { loadedList } from './shared/loaded-list';
import type { StorageEstimateLike } from './shared/storage-room';
import { lazyModule, lazyOnce } from './shared/lazy-module';

export { LIBRARY_HEADER } from './http/named-library';

export interface ApiDeps {
  /** Path the API answers under: `/api/v2` (default) or `<base>api/v2` when embedded under a base path. */
  apiPrefix?: string;
  /** Prefix of every IndexedDB database name; tests use a unique one. */
  namespace?: string;
  clock?: () => number;
  ids?: () => string;
  app?: AppVersion;
  fetchSource?: (input: string, init?: RequestInit) => Promise<Response>;
  /** How much the browser lets this site store (default: navigator.storage.estimate() where there is one). */
  storageEstimate?: () => Promise<StorageEstimateLike | undefined>;
  /** Sync's requests to a CouchDB server (default: fetch). */
  fetchServer?: (url: string, init: RequestInit) => Promise<Response>;
  /** The PouchDB sync replicates with (default: pouchdb-browser, loaded on first use). */
  loadPouch?: () => Promise<PouchConstructor>;
  dexieOptions?: DexieOptions;
  /** Called with every error answer (the service worker logs INTERNAL ones). */
  onError?: (error: ApiError) => void;
  /** Decodes originals for thumbnails; without it, media jobs stay queued. */
  media?: MediaProcessor;
  /** The AI models' files on this device (the service worker's lazy cache); absent: the models are at hand. */
  modelFiles?: ModelFilesPort;
  /** The pauses before a published library's failed background load is tried again (default: 2 s, 10 s, 1 min, 5 min). */
  retryPublishedLoadAfterMs?: readonly number[];
  /** How long thumbnail requests wait for their job (default 10 s, docs/contract.md#items). */
  mediaWaitMs?: number;
  /** Told about unexpected errors of background work (media jobs). */
  onBackgroundError?: (error: unknown) => void;
}

export interface Api {
  handle(request: Request): Promise<Response>;
  readonly router: Router;
  readonly registry: LibraryRegistry;
  /** Every change to any library, as /api/v2/events streams it; background jobs publish here too. */
  readonly changes: ChangeFeed;
  /** Opens (or reuses) the database of a library; exported for tests and benchmarks. */
  open(record: LibraryRecord): OpenLibrary;
  /** Closes every open database (tests, and before deleting a library). */
  close(): void;
  /** Background media jobs: `whenIdle` for the service worker's waitUntil, `resume` at start-up. */
  readonly media: {
    whenIdle(): Promise<void>;
    /**
     * Resumes a library's queue; by default the current library's and every one this instance has
     * worked on (after a restart, or when a page connects and brings SVG and video decoding).
     */
    resume(libraryPath?: string): Promise<void>;
  };
  /** Eagle library imports: `whenIdle` for waitUntil, `resume` picks up those a stopped worker left. */
  readonly imports: Pick<Imports, 'whenIdle' | 'resume'>;
  /** Published libraries still loading: `whenIdle` for waitUntil, `resume` after a restart. */
  readonly subscriptions: Pick<Subscriptions, 'whenIdle' | 'resume'>;
  /**
   * At start-up, before imports and subscriptions resume: takes back the libraries a stopped
   * worker left unfinished (storage/take-back-library.ts), and answers them.
   */
  takeBackUnfinished(): Promise<LibraryRecord[]>;
}

/**
 * The features' part of every write, from their manifests: the item observers, loaded by the first
 * write (a worker's first answer, a read, never loads them), and what must be loaded before a
 * write transaction starts (tag rows spell their names in pinyin; smart-folder counts may run
 * regex rules). writeTransaction awaits `prepare` before it opens its transaction.
 */
const itemObservers = loadedList<ItemObserver>('The item observers', loadItemObservers);
/** The engines listings call (src/core/listing), lent by the features that own them. */
const LISTING = listingEnginesOf(MANIFESTS.flatMap((manifest) => ('listing' in manifest ? [manifest.listing] : [])));
const WRITE_PIPELINE: WritePipeline = {
  observers: itemObservers.entries,
  prepare: async () => {
    await Promise.all([itemObservers.load(), loadBeforeWrite()]);
  },
};

/**
 * Features the first answer after a worker start never needs, each loaded by its first use (in the
 * service worker a script of its own beside sw.js; docs/decisions/service-worker-startup.md), as
 * their manifests declare them: sync's files, a published library's files and subscriptions, the
 * Eagle library import, the job runner.
 */
const syncedFilesModule = syncManifest.loaders.syncedFiles;
const publishedFilesModule = publishManifest.loaders.files;
const subscriptionsModule = publishManifest.loaders.subscriptions;
const importsModule = eagleLibraryManifest.loaders.imports;
const backupFolder = lazyModule(() => import('./backup/backup-folder'));
const jobRunnerModule = mediaManifest.loaders.jobRunner;

/** A remote file source whose code is loaded when a file is first asked for. */
const lazySource =
  (make: () => Promise<RemoteFileSource>): RemoteFileSource =>
  async (db, row, kind) =>
    (await make())(db, row, kind);

export function createApi(deps: ApiDeps = {}): Api {
  const namespace = deps.namespace ?? DEFAULT_NAMESPACE;
  const clock = deps.clock ?? Date.now;
  const ids = deps.ids ?? createIdGenerator(clock);
  const app = deps.app ?? APP_VERSION;
  const fetchSource = deps.fetchSource ?? ((input: string, init?: RequestInit) => fetch(input, { credentials: 'omit', ...init }));
  const fetchServer = deps.fetchServer ?? ((url: string, init: RequestInit) => fetch(url, init));
  const storageEstimate = deps.storageEstimate ?? (async () => globalThis.navigator?.storage?.estimate?.());
  const registry = new LibraryRegistry(namespace, clock, `${app.version}`);
  const apiPrefix = deps.apiPrefix ?? API_PREFIX;
  const router = new Router(ROUTES, apiPrefix);
  const changes = new ChangeFeed();
  const requests = new LibraryRequests();
  // A cache of open connections, safe to lose: reopening a database takes under a millisecond.
  const databases = new Map<string, LibraryDb>();
  // Where files not on this device come from, registered here and nowhere else: a published library's folder, a sync server.
  const synced = lazySource(async () => (await syncedFilesModule()).syncedFiles(fetchServer));
  const remoteFiles = firstRemoteFile([lazySource(async () => (await publishedFilesModule()).publishedFiles(fetchSource)), synced]);
  // Media jobs fetch a synced item's thumbnail (they come along anyway), not a published one's: a
  // visitor of a 100,000-item library would download every thumbnail to index it. A published
  // library's visual descriptors come with its shards instead; objects and CLIP cover the items
  // whose thumbnails were shown (docs/limits.md).
  // The job runner (thumbnails, descriptors, AI upkeep) is loaded by the first kick or wait, not
  // imported: a worker's first answer never runs a job. Its script is loaded on a later task, so
  // that a request's kick (a cold read's first look at its library's jobs) does not load it
  // before that request's answer has gone out.
  const jobRunner = lazyOnce(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { JobRunner } = await jobRunnerModule();
    return new JobRunner({ media: deps.media, clock, observers: WRITE_PIPELINE.observers, remoteFiles: firstRemoteFile([synced]), report: deps.onBackgroundError });
  });
  const runner: Pick<JobRunner, 'kick' | 'runAndWait' | 'whenIdle'> = {
    kick: (library) => {
      jobRunner.get().then((loaded) => loaded.kick(library), (error: unknown) => deps.onBackgroundError?.(error));
    },
    runAndWait: async (library, job, ms) => (await jobRunner.get()).runAndWait(library, job, ms),
    // A runner that failed to load has nothing to wait for (its kick reported the error).
    whenIdle: async () => (await jobRunner.made()?.catch(() => undefined))?.whenIdle(),
  };
  const media = new MediaQueue(runner, deps.mediaWaitMs);
  const importer = lazyOnce(async () => {
    const { Imports } = await importsModule();
    return new Imports({ registry, open: (record) => open(record), drop: (record) => dropLibrary(record), clearLeftovers: (record) => clearLeftovers(record), clock, ids, publish: (change) => changes.publish(change), media, onError: deps.onBackgroundError });
  });
  // Resuming looks at the small registry of imports first: a start with no import left loads no import code.
  const importRegistry = new ImportRegistry(namespace);
  const imports: ImportsPort & Api['imports'] = {
    start: async (input, current) => (await importer.get()).start(input, current),
    status: async (id) => (await importer.get()).status(id),
    list: async () => (await importer.get()).list(),
    wait: async (id) => (await importer.get()).wait(id),
    resume: async () => {
      if ((await importRegistry.all()).some((entry) => entry.running)) await (await importer.get()).resume();
    },
    whenIdle: async () => (await importer.made())?.whenIdle(),
  };

  /** A published library's load as library/info and the `library loading` event tell it, with why it stopped if every retry failed. */
  const loadOf = async (library: OpenLibrary): Promise<PublishedLoad | undefined> => {
    const load = await publishedLoad(library.db);
    // Only subscriptions made in this instance ran loads (a new instance tries them again).
    const failed = load && (await subscriber.made()?.catch(() => undefined))?.failure(library.record.path);
    return failed ? { ...load, failed } : load;
  };
  const announceLoad = async (library: OpenLibrary): Promise<void> => {
    const load = await loadOf(library);
    const path = library.record.path;
    changes.publish({ kind: 'library', action: load ? 'loading' : 'loaded', ids: [path], details: load ? { ...load } : {}, library: path });
  };
  const subscriber = lazyOnce(async () => {
    const { Subscriptions } = await subscriptionsModule();
    return new Subscriptions({
      registry,
      open: (record) => open(record),
      drop: (record) => dropLibrary(record),
      clearLeftovers: (record) => clearLeftovers(record),
      clock,
      fetch: fetchSource,
      quiet: (path, options) => requests.quiet(path, options),
      loaded: (library) => media.kick(library),
      progress: (library) => void announceLoad(library).catch((error: unknown) => deps.onBackgroundError?.(error)),
      onError: deps.onBackgroundError,
      retryAfterMs: deps.retryPublishedLoadAfterMs,
    });
  });
  // The write guard of every request reads the list of read-only libraries, not the subscription code.
  const readOnly = new ReadOnlyLibraries(namespace);
  const subscriptions: Context['subscriptions'] & Api['subscriptions'] = {
    subscribe: async (url, base, wait) => (await subscriber.get()).subscribe(url, base, wait),
    publishedFrom: (path) => readOnly.sourceOf(path),
    load: loadOf,
    // Only subscriptions made in this instance have loads or retries to stop (one being made is awaited).
    removing: async (path) => (await subscriber.made()?.catch(() => undefined))?.removing(path),
    kept: (path) => void subscriber.made()?.then((made) => made.kept(path), () => undefined),
    dropReadOnly: (path) => readOnly.remove(path),
    restoreReadOnly: (path, publishedFrom) => readOnly.add(path, publishedFrom),
    resume: async () => {
      if ((await readOnly.all()).length > 0) await (await subscriber.get()).resume();
    },
    whenIdle: async () => (await subscriber.made())?.whenIdle(),
  };
  // Databases of libraries removed by this instance: a request that opened one before its removal
  // must not touch it again (Dexie would create it afresh). Safe to lose with the worker.
  const dropped = new Set<string>();
  const databaseName = (record: LibraryRecord) => `${namespace}/library${record.path}`;

  const dropLibrary = async (record: LibraryRecord): Promise<void> => {
    const name = databaseName(record);
    dropped.add(name);
    media.forget(name);
    const db = databases.get(name) ?? new LibraryDb(name, deps.dexieOptions, LIBRARY_UPGRADES);
    databases.delete(name);
    // Unreadable: try the replica all the same (deleting one that does not exist deletes nothing).
    const synced = await hasReplica(db).catch(() => true);
    await db.delete();
    // After the database: a removal that fails there keeps its backup. A stop between the two
    // leaves the backup to clearLeftovers, which a new library at this path runs first.
    await (await backupFolder()).forgetBackup(record.path, name);
    // The library is gone; a replica left behind only takes disk space, so its failure is reported, not answered.
    if (synced) await destroyReplica(deps.loadPouch ?? loadPouch, name).catch((error: unknown) => deps.onBackgroundError?.(error));
  };

  /**
   * A path just given to a new library may hold what a removal cut short left there (a worker stopped
   * after the registry entry went): its database, replica, read-only mark and backup folder. Cleared
   * before the new library's first open, so the removed library's items do not come back in it, nor
   * does its backup folder become the new library's.
   */
  const clearLeftovers = async (record: LibraryRecord): Promise<void> => {
    await readOnly.remove(record.path);
    if (await databaseExists(databaseName(record))) await dropLibrary(record);
    else await (await backupFolder()).forgetBackup(record.path, databaseName(record));
  };
  // Asked without opening it (opening would create it); a browser that cannot tell drops it anyway.
  const databaseExists = async (name: string): Promise<boolean> => {
    const factory = (deps.dexieOptions?.indexedDB ?? globalThis.indexedDB) as IDBFactory | undefined;
    if (typeof factory?.databases !== 'function') return true;
    return (await factory.databases()).some((info) => info.name === name);
  };

  // Only a hint for the next open: if the note is lost, that open declares the whole chain again.
  const noteOpened = (record: LibraryRecord): void => {
    registry.noteSchemaVersion(record.path, LIBRARY_VERSION).catch((error: unknown) => deps.onBackgroundError?.(error));
  };

  const open = (record: LibraryRecord): OpenLibrary => {
    const name = databaseName(record);
    dropped.delete(name);
    let db = databases.get(name);
    if (!db) {
      // A database the registry knows to be at the current version is built with that version's
      // schema alone; any other gets the whole chain, and its version is noted once it opened.
      const current = record.schemaVersion === LIBRARY_VERSION;
      db = new LibraryDb(name, deps.dexieOptions, current ? 'at-current-version' : LIBRARY_UPGRADES);
      if (!current) db.on('ready', () => noteOpened(record));
      watchTables(db);
      databases.set(name, db);
    }
    return { record, db, changes, pipeline: WRITE_PIPELINE };
  };

  /** `onOpen`: told when the route first reads the request's library (its database is then built). */
  const contextFor = (request: Request, onOpen?: (library: OpenLibrary) => void): { ctx: Context; opened: () => Promise<OpenLibrary> | undefined; checked: Promise<unknown> } => {
    const chosen = namedLibraryOf(request);
    // Looked up before any route runs (./http/named-library.ts). Its database is built only when
    // the route reads it: a cold worker's LibraryDb (Dexie's schema of every version) cost more
    // than evaluating its whole script, before an app/info that never reads it
    // (docs/decisions/service-worker-startup.md).
    const named = requireNamedLibrary(registry, chosen);
    const opening = (record: LibraryRecord) => {
      const library = open(record);
      onOpen?.(library);
      return library;
    };
    let library: Promise<OpenLibrary> | undefined;
    const internal = (pathAndQuery: string) => {
      const url = new URL(pathAndQuery, request.url);
      // An item URL names its library when its answer's request named one (item-view.ts): that one.
      const inner = new Request(url, { headers: chosen && lastLibraryParameter(url) === null ? { [LIBRARY_HEADER]: chosen } : {} });
      return router.dispatch(inner, async () => {
        const made = contextFor(inner);
        await made.checked;
        return made.ctx;
      });
    };
    const ctx: Context = {
      internal,
      listing: LISTING,
      apiPrefix,
      itemLinks: { apiPrefix, library: chosen },
      clock,
      ids,
      app,
      registry,
      changes,
      fetchSource,
      storageEstimate,
      fetchServer,
      loadPouch: deps.loadPouch ?? loadPouch,
      remoteFiles,
      media,
      imports,
      observers: WRITE_PIPELINE.observers,
      subscriptions,
      imageProcessor: deps.media,
      modelFiles: deps.modelFiles,
      dropLibrary,
      clearLeftovers,
      library: () => (library ??= (named ?? registry.current()).then(opening)),
    };
    return { ctx, opened: () => library, checked: named ?? Promise.resolve() };
  };

  const handle = async (request: Request): Promise<Response> => {
    let opened: (() => Promise<OpenLibrary> | undefined) | undefined;
    // In flight on its library from the route's first read of it until the answer is made (library-requests.ts).
    let busy: string | undefined;
    let answered = false;
    const makeContext = async () => {
      const made = contextFor(request, (library) => {
        if (busy !== undefined || answered) return;
        busy = library.record.path;
        requests.begin(busy);
      });
      opened = made.opened;
      await made.checked;
      return made.ctx;
    };
    const refused = await readOnlyRefusal(request, router.match(request), request.headers.get(LIBRARY_HEADER), registry, readOnly);
    if (refused) {
      deps.onError?.(refused);
      return errorResponse(refused);
    }
    let response: Response;
    try {
      response = await router.dispatch(request, makeContext, deps.onError, requestReplay(request, clock()));
    } finally {
      answered = true;
      if (busy !== undefined) requests.end(busy);
    }
    // The library the route read, if it read one: a write may have queued media jobs, a first read resumes old ones.
    const library = await opened?.()?.catch(() => undefined);
    if (library && !dropped.has(library.db.name)) media.afterRequest(library, request.method === 'POST');
    return response;
  };

  return {
    router,
    registry,
    changes,
    open,
    handle,
    media: {
      whenIdle: () => media.whenIdle(),
      resume: async (libraryPath) => {
        if (!libraryPath) media.kickSeen();
        // Background work must not create the default library (that would change library/history).
        const record = libraryPath ? await registry.require(libraryPath) : await registry.currentIfAny();
        if (record) media.kick(open(record));
      },
    },
    imports,
    subscriptions,
    takeBackUnfinished: () =>
      takeBackUnfinished(registry, clock(), { unmark: (path) => readOnly.remove(path), drop: dropLibrary, forget: (path) => importRegistry.forgetLibrary(path) }, deps.onBackgroundError),
    close: () => {
      for (const db of databases.values()) db.close();
      databases.clear();
    },
  };
}
