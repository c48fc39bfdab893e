/**
 * What every scenario gets: the settings, the bench library, a client that goes through the real
 * service worker, the same core opened in the page (for the direct-IndexedDB baselines) and the
 * driver's CDP bridge. Scenarios share state only through `seeded`.
 */
import { ApiClient } from '../../tests/loose-client';
import { createApi, type Api } from '../../src/core';
import { LibraryDb } from '../../src/core/storage/library-db';
import type { LibraryPlan } from '../data/library-plan';
import type { BenchSettings, DriverBridge } from '../shared/protocol';
import { Leftovers } from './leftovers';

/** What the seeding scenario leaves for the scenarios after it. */
export interface SeededLibrary {
  plan: LibraryPlan;
  count: number;
  /** The tag the item/get scenarios filter on, and how many seeded items carry it. */
  queryTag: string;
  queryTagCount: number;
}

export interface BenchContext {
  settings: BenchSettings;
  /** Path of this run's fresh library; every request names it with X-Library-Path. */
  library: string;
  /** Requests through the service worker, on the bench library. */
  api: ApiClient;
  /** The same core as the worker's (same database names), running in this page. */
  core: Api;
  driver: DriverBridge;
  seeded?: SeededLibrary;
  /** The scale mode's limit on this run's seeding, in seconds (BENCH_SEED_MINUTES); the kept seed resumes next run. */
  seedBudgetS?: number;
  /** The page's long-lived connection to the bench library's database (opened on first use). */
  db(): Promise<LibraryDb>;
  /** Closes that connection and the in-page core's, so a cold scenario finds none of the page's open. */
  closeDb(): void;
  /** A brand-new connection (for cold baselines); the caller closes it. */
  freshDb(): Promise<LibraryDb>;
  /**
   * A fresh library `<bench library>-<suffix>` for a row; it is removed (library/remove) once the
   * row `lastRow` has run, by default the row that made it. Returns its path.
   */
  newLibrary(suffix: string, lastRow?: string): Promise<string>;
  /** What the rows made beside the bench library, removed after each row (./leftovers.ts). */
  leftovers: Leftovers;
  /** Scratch databases of baselines (`leftovers.scratch`): deleted once the row that made them ends. */
  scratch: string[];
}

/** `kept`: a library of an earlier run to reuse (the scale mode's seed); a fresh one is made when it is gone. */
export async function createBenchContext(settings: BenchSettings, driver: DriverBridge, kept?: { library?: string; name?: string }): Promise<BenchContext> {
  // createApi() with its default namespace opens exactly the databases the service worker uses.
  const core = createApi();
  const existing = kept?.library && (await core.registry.find(kept.library)) ? kept.library : undefined;
  const libraryName = kept?.name ?? `bench-${new Date().toISOString().replace(/[^0-9]/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 6)}`;
  const library = existing ?? (await new ApiClient().post<{ path: string }>('/library/create', { name: libraryName })).path;
  const record = await core.registry.require(library);
  const name = core.open(record).db.name;
  let db: LibraryDb | undefined;
  const leftovers = new Leftovers(core);
  const baseName = library.split('/').pop()!.replace(/\.library$/, '');
  return {
    settings,
    library,
    api: new ApiClient({ library }),
    core,
    driver,
    db: async () => (db ??= new LibraryDb(name)),
    closeDb: () => {
      db?.close();
      db = undefined;
      core.close(); // the in-page core's own connections too
    },
    // The same name, a new Dexie instance: opening it is part of what a cold worker does too.
    freshDb: async () => new LibraryDb(name),
    newLibrary: async (suffix, lastRow) => {
      const { path } = await new ApiClient().post<{ path: string }>('/library/create', { name: `${baseName}-${suffix}` });
      leftovers.keepLibraryUntil(path, lastRow);
      return path;
    },
    leftovers,
    scratch: leftovers.scratch,
  };
}
