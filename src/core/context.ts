/**
 * What a handler may use: the clock, the id generator, the library registry, the open library,
 * the write pipeline and the outside world (media, the change feed, site fetches), all passed in,
 * never imported. createApi (api.ts) builds it from the features; this file names none of them:
 * what a handler may ask of a feature is an interface here, which the feature's class meets.
 */
import type { ImportState } from './eagle-library/import-state';
import type { ModelFilesPort } from './ai-search/model-files';
import type { ChangeFeed } from './events/change-feed';
import type { ListingEngines } from './listing/engines';
import type { ItemLinks } from './listing/item-view';
import type { MediaProcessor } from './media/media-processor';
import type { JobWait, MediaJob } from './media/media-jobs';
import type { SubscribeAnswer } from './publish/subscribe-answer';
import type { PublishedLoad } from './publish/subscription-state';
import type { ItemObserver } from './storage/item-changes';
import type { OpenLibrary } from './storage/open-library';
import type { KeyedRequest } from './storage/request-keys';
import type { StorageEstimateLike } from './shared/storage-room';
import type { RemoteFileSource } from './storage/remote-files';
import type { LibraryRecord, LibraryRegistry } from './storage/registry';
import type { PouchConstructor } from './sync/pouch';

export type { OpenLibrary } from './storage/open-library';

export interface AppVersion {
  /** The reference version level this API is compatible with (clients gate features on it). */
  version: string;
  buildVersion: string;
  prereleaseVersion: string | null;
  /** This project's own version. */
  webVersion: string;
}

/** Eagle library imports as requests see them (eagle-library/imports.ts). */
export interface ImportsPort {
  start(
    input: { zip: Blob; into: 'new' | 'current'; name?: string; fileName?: string; request?: KeyedRequest },
    current: () => Promise<OpenLibrary>,
  ): Promise<ImportState>;
  status(id: string): Promise<ImportState>;
  list(): Promise<ImportState[]>;
  wait(id: string): Promise<ImportState>;
}

/** Published libraries as requests see them (publish/subscriptions.ts): subscribe to one, unmark a removed one. */
export interface SubscriptionsPort {
  subscribe(url: string, base: string, wait: boolean): Promise<SubscribeAnswer>;
  /** The published library's URL that the library at `path` reads (so it is read-only), or undefined. */
  publishedFrom(path: string): Promise<string | undefined>;
  /** How far the library's published load got, and why it stopped if every retry failed; undefined once loaded. */
  load(library: OpenLibrary): Promise<PublishedLoad | undefined>;
  /**
   * The library at `path` is about to be removed: its load and retries stop and open it no more
   * (Dexie would make a deleted database afresh). Call it before the registry entry goes.
   */
  removing(path: string): Promise<void>;
  /** Its removal failed: the load that `removing` stopped goes on. */
  kept(path: string): void;
  /**
   * For library/remove: the library at `path` reads nothing any more, so a library made at that
   * path later is writable. Answers what it read, for `restoreReadOnly` when the removal fails.
   */
  dropReadOnly(path: string): Promise<string | undefined>;
  restoreReadOnly(path: string, publishedFrom: string): Promise<void>;
}

/** The media queue as requests see it (media/media-queue.ts): wake it, wait for a job it runs. */
export interface MediaPort {
  /** Starts (or wakes) the library's job runner, e.g. once new jobs are queued. */
  kick(library: OpenLibrary): void;
  wait(library: OpenLibrary, job: MediaJob): Promise<JobWait>;
}

export interface Context {
  clock: () => number;
  ids: () => string;
  app: AppVersion;
  registry: LibraryRegistry;
  /** The change feed behind /api/v2/events; publish here what changes outside a write transaction. */
  changes: ChangeFeed;
  /** Fetches a URL or a same-site path for item/add sources; injected so tests need no network. */
  fetchSource: (input: string, init?: RequestInit) => Promise<Response>;
  /** The browser's navigator.storage.estimate(); undefined where there is none (item/addFile's quota check). */
  storageEstimate: () => Promise<StorageEstimateLike | undefined>;
  /** Talks to a sync server (CouchDB) with the caller's headers; injected like fetchSource. */
  fetchServer: (url: string, init: RequestInit) => Promise<Response>;
  /** Loads PouchDB for sync (lazily: a script of its own in the service worker). */
  loadPouch: () => Promise<PouchConstructor>;
  /**
   * An original or thumbnail not on this device, fetched from where the library's files come from
   * (a published library's folder, a sync server's files database) and kept; undefined when none has it.
   */
  remoteFiles: RemoteFileSource;
  /** The library this request works on (the `X-Library-Path` header, else the current one). */
  library: () => Promise<OpenLibrary>;
  /** The persisted queue of thumbnail jobs: wait for a job. */
  media: MediaPort;
  /** Eagle library imports: start, read their state. */
  imports: ImportsPort;
  /**
   * Everything derived from item rows (src/core/item-observers.ts, registered by createApi): pass
   * them to commitItemChanges and refreshItems.
   */
  observers: readonly ItemObserver[];
  /** Read-only libraries made from published libraries (library/subscribe). */
  subscriptions: SubscriptionsPort;
  /** Closes and deletes the database of a library taken out of the registry (library/remove). */
  dropLibrary: (record: LibraryRecord) => Promise<void>;
  /** Before a new library's first open: what a removal cut short left at its path goes. */
  clearLeftovers: (record: LibraryRecord) => Promise<void>;
  /** The path every API route sits under (`/api/v2`, or `<base>api/v2` when embedded). */
  apiPrefix: string;
  /** Where item URLs point: under `apiPrefix`, naming the library this request named. */
  itemLinks: ItemLinks;
  /** The AI models' files on this device (cached, downloading, failed); absent where the models are at hand. */
  modelFiles: ModelFilesPort | undefined;
  /** Decodes a picture right away (aiSearch/searchByBase64); absent where nothing can decode. */
  imageProcessor: MediaProcessor | undefined;
  /**
   * Answers another /api/v2 path on the same library (a service worker's own fetches bypass it,
   * so item/add's `path: '/api/v2/item/file?id=X'` is answered here).
   */
  internal: (pathAndQuery: string) => Promise<Response>;
  /** The search and smart-folder engines every listing calls (src/core/listing), handed in by their features' manifests. */
  listing: ListingEngines;
  /** A write request's `Idempotency-Key` (./request-replay.ts): its write transactions record it. */
  requestKey?: KeyedRequest;
}
