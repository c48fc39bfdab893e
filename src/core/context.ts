/**
 * What a handler may use: the clock, the id generator, the library registry, the open library and
 * the outside world (media, the change feed, site fetches), all passed in, never imported.
 */
import type { Imports } from './eagle-library/imports';
import type { ChangeFeed } from './events/change-feed';
import type { MediaProcessor } from './media/media-processor';
import type { MediaQueue } from './media/media-queue';
import type { LibraryDb } from './storage/library-db';
import type { LibraryRecord, LibraryRegistry } from './storage/registry';

export interface AppVersion {
  /** The reference version level this API is compatible with (clients gate features on it). */
  version: string;
  buildVersion: string;
  prereleaseVersion: string | null;
  /** This project's own version. */
  webVersion: string;
}

export interface OpenLibrary {
  record: LibraryRecord;
  db: LibraryDb;
  /** Where its write transactions publish what they changed. */
  changes: ChangeFeed;
}

export interface Context {
  clock: () => number;
  ids: () => string;
  app: AppVersion;
  registry: LibraryRegistry;
  /** The change feed behind /api/v2/events; publish here what changes outside a write transaction. */
  changes: ChangeFeed;
  /** Fetches a URL or a same-site path for item/add sources; injected so tests need no network. */
  fetchSource: (input: string) => Promise<Response>;
  /** The library this request works on (the `X-Library-Path` header, else the current one). */
  library: () => Promise<OpenLibrary>;
  /** The persisted queue of thumbnail jobs: kick it, wait for a job. */
  media: MediaQueue;
  /** Eagle library imports: start, read their state, resume those a stopped worker left. */
  imports: Imports;
  /** The path every API route sits under (`/api/v2`, or `<base>api/v2` when embedded); item URLs carry it. */
  apiPrefix: string;
  /** Decodes a picture right away (aiSearch/searchByBase64); absent where nothing can decode. */
  imageProcessor: MediaProcessor | undefined;
  /**
   * Answers another /api/v2 path on the same library (a service worker's own fetches bypass it,
   * so item/add's `path: '/api/v2/item/file?id=X'` is answered here).
   */
  internal: (pathAndQuery: string) => Promise<Response>;
}
