/**
 * The registry of libraries and the current one, in IndexedDB (idb-keyval). One key holds the
 * whole registry so every change is a single atomic read-modify-write, and the service worker keeps
 * none of it in memory: a restarted worker and every tab see the same current library.
 */
import { createStore, get, update, type UseStore } from 'idb-keyval';
import { conflict, notFound } from '../http/errors';
import { keySentWithAnother, type KeyedRequest } from './request-keys';

export interface LibraryRecord {
  name: string;
  path: string;
  createdAt: number;
  /** Last time the library was made current (0: never), the history order. */
  openedAt: number;
  applicationVersion: string;
  /**
   * The version its database was last opened at (LibraryDb's LIBRARY_VERSION then), noted after
   * the open succeeded, so never ahead of the database; absent on older records. Lets an open
   * declare only the current schema when nothing is left to upgrade.
   */
  schemaVersion?: number;
  /**
   * The `Idempotency-Key` of the request that made it (`<hour>:<key>`: library/create, library/import
   * into a new library): that request sent again finds this library instead of making another.
   */
  madeFor?: string;
  /**
   * Made for an import into a new library or a subscribe, and not yet holding what makes it one
   * (the import's state, the published library's mark) since this time: a worker stopped in
   * between leaves it empty, and a later worker's start takes it back (`takeOutUnfinished`).
   */
  unfinishedSince?: number;
}

interface RegistryState {
  current: string | null;
  libraries: Record<string, LibraryRecord>;
  /**
   * Libraries a keyed library/remove took out, by `<hour>:<key>` (`madeForOf`), kept one to two
   * hours: that request sent again (a worker stopped before answering) finds its removal done.
   */
  removedFor?: Record<string, LibraryRecord>;
  /**
   * The request each key kept here stood for (`<hour>:<key>` to its fingerprint, ./request-keys.ts),
   * kept as long: the key sent with another request is refused, as on every other keyed route.
   */
  requests?: Record<string, string>;
}

const KEY = 'registry';
const EMPTY: RegistryState = { current: null, libraries: {} };
export const DEFAULT_LIBRARY_NAME = 'My Library';
/** The prefix of every IndexedDB database name of the API (tests use their own). */
export const DEFAULT_NAMESPACE = 'lam';

/** Library paths look like `/libraries/<name>.library`; a trailing slash is ignored (docs/contract.md#library). */
export function normaliseLibraryPath(path: string): string {
  return path.trim().replace(/\/+$/, '');
}

/**
 * The library stored under `path`, looked up as data: a path such as "toString" or "__proto__" is
 * an unknown library, never a property that every object inherits (docs/contract.md#envelope-and-errors).
 */
function libraryAt(state: RegistryState, path: string | null): LibraryRecord | undefined {
  return path !== null && Object.hasOwn(state.libraries, path) ? state.libraries[path] : undefined;
}

/** The library (other than the one at `except`) already called `name`: a renamed library keeps its path. */
function namedIn(state: RegistryState, name: string, except?: string): LibraryRecord | undefined {
  return Object.values(state.libraries).find((l) => l.path !== except && l.name === name);
}

/** A keyed request's `madeFor` values: this hour's first, then the last hour's (keys live one to two hours). */
function madeForOf(request: KeyedRequest | undefined): string[] | undefined {
  return request && [request.hour, request.hour - 1].map((hour) => `${hour}:${request.key}`);
}

/** The library a keyed request made (`madeForOf`), if any. */
function madeBy(state: RegistryState, madeFor: readonly string[] | undefined): LibraryRecord | undefined {
  return madeFor && Object.values(state.libraries).find((l) => l.madeFor !== undefined && madeFor.includes(l.madeFor));
}

/** The entries of `kept` (by `<hour>:<key>`) from the last two hours, as of `hour`. */
function recent<T>(kept: Record<string, T> | undefined, hour: number): Record<string, T> {
  return Object.fromEntries(Object.entries(kept ?? {}).filter(([made]) => Number(made.slice(0, made.indexOf(':'))) >= hour - 1));
}

/** Whether the request's key was kept here for another request (records from before fingerprints have none). */
function keptForAnother(state: RegistryState, request: KeyedRequest | undefined): boolean {
  const fingerprint = request?.fingerprint;
  return !!fingerprint && madeForOf(request)!.some((made) => (state.requests?.[made] ?? fingerprint) !== fingerprint);
}

/** The state's `requests` with this one's key kept. */
function keeping(state: RegistryState, request: KeyedRequest | undefined): Pick<RegistryState, 'requests'> {
  if (!request?.fingerprint) return {};
  return { requests: { ...recent(state.requests, request.hour), [madeForOf(request)![0]!]: request.fingerprint } };
}

/** `unfinished`: the library is made before what makes it one is stored (LibraryRecord's `unfinishedSince`). */
export interface NewLibraryOptions {
  unfinished?: boolean;
}

export function libraryPathFor(name: string): string {
  return `/libraries/${name}.library`;
}

export class LibraryRegistry {
  private readonly store: UseStore;

  constructor(
    readonly namespace: string,
    private readonly clock: () => number,
    private readonly applicationVersion: string,
  ) {
    this.store = createStore(`${namespace}/registry`, 'keyval');
  }

  private async read(): Promise<RegistryState> {
    return (await get<RegistryState>(KEY, this.store)) ?? EMPTY;
  }

  /** Applies `change` atomically and returns what it computed. */
  private async change<T>(change: (state: RegistryState) => { state: RegistryState; result: T }): Promise<T> {
    let result!: T;
    await update<RegistryState>(
      KEY,
      (state = EMPTY) => {
        const next = change(state);
        result = next.result;
        return next.state;
      },
      this.store,
    );
    return result;
  }

  async find(path: string): Promise<LibraryRecord | undefined> {
    return libraryAt(await this.read(), normaliseLibraryPath(path));
  }

  async require(path: string): Promise<LibraryRecord> {
    const found = await this.find(path);
    if (!found) throw notFound(`libraryPath: no library at "${path}".`);
    return found;
  }

  /** The current library if one was ever chosen; creates nothing (for background work). */
  async currentIfAny(): Promise<LibraryRecord | undefined> {
    const state = await this.read();
    return libraryAt(state, state.current);
  }

  /** The current library; the default one is created and opened on first use. */
  async current(): Promise<LibraryRecord> {
    const state = await this.read();
    const found = libraryAt(state, state.current);
    if (found) return found;
    const now = this.clock();
    return this.change((s) => {
      const existing = libraryAt(s, s.current);
      if (existing) return { state: s, result: existing };
      const path = libraryPathFor(DEFAULT_LIBRARY_NAME);
      const record = libraryAt(s, path) ?? this.newRecord(DEFAULT_LIBRARY_NAME, now);
      const opened = { ...record, openedAt: now };
      return { state: { ...s, current: path, libraries: { ...s.libraries, [path]: opened } }, result: opened };
    });
  }

  /**
   * A new library named `name`; a 409 when the name is taken. `request`: the keyed request making
   * it; the library it made within the hour, if any, instead (`made: false`), as for `createUnique`.
   */
  async create(name: string, request?: KeyedRequest): Promise<{ record: LibraryRecord; made: boolean }> {
    const madeFor = madeForOf(request);
    const record = this.newRecord(name, this.clock(), madeFor);
    const outcome = await this.change<{ record: LibraryRecord; made: boolean } | 'taken' | 'another request'>((s) => {
      if (keptForAnother(s, request)) return { state: s, result: 'another request' };
      const before = madeBy(s, madeFor);
      if (before) return { state: s, result: { record: before, made: false } };
      return libraryAt(s, record.path) || namedIn(s, name)
        ? { state: s, result: 'taken' }
        : { state: { ...s, libraries: { ...s.libraries, [record.path]: record }, ...keeping(s, request) }, result: { record, made: true } };
    });
    if (outcome === 'another request') throw keySentWithAnother(request!.key);
    if (outcome === 'taken') throw conflict(`A library named "${name}" already exists at "${record.path}".`);
    return outcome;
  }

  /**
   * A new library named `name`, or "name (2)", "name (3)", ... when that is taken (imports).
   * `request`: the keyed request making it; the library it made within the hour, if any, instead
   * (`made: false`): the request sent again makes no second library.
   */
  async createUnique(name: string, request?: KeyedRequest, options: NewLibraryOptions = {}): Promise<{ record: LibraryRecord; made: boolean }> {
    const now = this.clock();
    const madeFor = madeForOf(request);
    const outcome = await this.change<{ record: LibraryRecord; made: boolean } | 'another request'>((s) => {
      if (keptForAnother(s, request)) return { state: s, result: 'another request' };
      const before = madeBy(s, madeFor);
      if (before) return { state: s, result: { record: before, made: false } };
      for (let n = 1; ; n += 1) {
        const record = this.newRecord(n === 1 ? name : `${name} (${n})`, now, madeFor, options);
        if (!libraryAt(s, record.path) && !namedIn(s, record.name)) {
          return { state: { ...s, libraries: { ...s.libraries, [record.path]: record }, ...keeping(s, request) }, result: { record, made: true } };
        }
      }
    });
    if (outcome === 'another request') throw keySentWithAnother(request!.key);
    return outcome;
  }

  /**
   * A new library that keeps `name` even when another library is called so (a published library:
   * its name is its publisher's, and the app tells it apart by an icon); only its path takes
   * " (2)", " (3)", ... when taken, since the path is the identity.
   */
  async createKeepingName(name: string, options: NewLibraryOptions = {}): Promise<LibraryRecord> {
    const now = this.clock();
    return this.change((s) => {
      for (let n = 1; ; n += 1) {
        const record = { ...this.newRecord(name, now, undefined, options), path: libraryPathFor(n === 1 ? name : `${name} (${n})`) };
        if (!libraryAt(s, record.path)) return { state: { ...s, libraries: { ...s.libraries, [record.path]: record } }, result: record };
      }
    });
  }

  /**
   * Gives a library another name. Its path stays: the path is the library's identity (its
   * database, the `X-Library-Path` of scripts, the history), and IndexedDB cannot rename a
   * database (docs/decisions/library-rename-remove.md).
   */
  async rename(path: string, name: string): Promise<LibraryRecord> {
    const key = normaliseLibraryPath(path);
    const outcome = await this.change<LibraryRecord | 'missing'>((s) => {
      const record = libraryAt(s, key);
      if (!record) return { state: s, result: 'missing' };
      const taken = namedIn(s, name, key) ?? (key !== libraryPathFor(name) ? libraryAt(s, libraryPathFor(name)) : undefined);
      if (taken) return { state: s, result: taken };
      const renamed = { ...record, name };
      return { state: { ...s, libraries: { ...s.libraries, [key]: renamed } }, result: renamed };
    });
    if (outcome === 'missing') throw notFound(`libraryPath: no library at "${path}".`);
    if (outcome.path !== key) throw conflict(`name: the library at "${outcome.path}" is already named "${outcome.name}".`);
    return outcome;
  }

  /**
   * Takes a library out of the registry. When it was the current one, the most recently opened
   * other library becomes current. The last library cannot go: every request needs one.
   * Answers the removed record and the current one after. `request`: the keyed request removing
   * it, kept with the removal (`removedBy`).
   */
  async remove(path: string, request?: KeyedRequest): Promise<{ removed: LibraryRecord; current: LibraryRecord; wasCurrent: boolean }> {
    const key = normaliseLibraryPath(path);
    type Outcome = { removed: LibraryRecord; current: LibraryRecord; wasCurrent: boolean } | 'missing' | 'last' | 'another request';
    const outcome = await this.change<Outcome>((s) => {
      if (keptForAnother(s, request)) return { state: s, result: 'another request' };
      const record = libraryAt(s, key);
      if (!record) return { state: s, result: 'missing' };
      const others = Object.values(s.libraries).filter((l) => l.path !== key);
      const next = others.sort((a, b) => b.openedAt - a.openedAt || b.createdAt - a.createdAt)[0];
      if (!next) return { state: s, result: 'last' };
      const wasCurrent = s.current === key;
      const libraries = Object.fromEntries(others.map((l) => [l.path, l]));
      const current = wasCurrent ? next : (libraryAt(s, s.current) ?? next);
      const keyed = request ? { removedFor: { ...recent(s.removedFor, request.hour), [madeForOf(request)![0]!]: record }, ...keeping(s, request) } : {};
      return { state: { ...s, current: wasCurrent ? next.path : s.current, libraries, ...keyed }, result: { removed: record, current, wasCurrent } };
    });
    if (outcome === 'another request') throw keySentWithAnother(request!.key);
    if (outcome === 'missing') throw notFound(`libraryPath: no library at "${path}".`);
    if (outcome === 'last') throw conflict(`libraryPath: "${path}" is the only library and cannot be removed; create another one first.`);
    return outcome;
  }

  /** Puts a removed library back as it was (its database could not be deleted), no longer removed by any request. */
  async restore(record: LibraryRecord, wasCurrent: boolean): Promise<void> {
    await this.change((s) => {
      const removedFor = Object.fromEntries(Object.entries(s.removedFor ?? {}).filter(([, removed]) => removed.path !== record.path));
      return { state: { ...s, current: wasCurrent ? record.path : s.current, libraries: { ...s.libraries, [record.path]: record }, removedFor }, result: undefined };
    });
  }

  /** The library at `path` this keyed request took out within the hour, if it did. */
  async removedBy(path: string, request: KeyedRequest | undefined): Promise<LibraryRecord | undefined> {
    if (!request) return undefined;
    const state = await this.read();
    if (keptForAnother(state, request)) throw keySentWithAnother(request.key);
    const { removedFor } = state;
    const key = normaliseLibraryPath(path);
    return madeForOf(request)!.map((made) => removedFor?.[made]).find((removed) => removed?.path === key);
  }

  /** Makes `path` the current library and records it in the history; unknown paths change nothing. */
  async switchTo(path: string): Promise<LibraryRecord> {
    const key = normaliseLibraryPath(path);
    const now = this.clock();
    const opened = await this.change((s) => {
      const record = libraryAt(s, key);
      if (!record) return { state: s, result: undefined };
      const next = { ...record, openedAt: now };
      return { state: { ...s, current: key, libraries: { ...s.libraries, [key]: next } }, result: next };
    });
    if (!opened) throw notFound(`libraryPath: no library at "${path}".`);
    return opened;
  }

  /**
   * Notes that the library's database was opened at `version`. A library no longer in the
   * registry changes nothing; neither does a note already made.
   */
  async noteSchemaVersion(path: string, version: number): Promise<void> {
    const key = normaliseLibraryPath(path);
    await this.change((s) => {
      const record = libraryAt(s, key);
      if (!record || record.schemaVersion === version) return { state: s, result: undefined };
      return { state: { ...s, libraries: { ...s.libraries, [key]: { ...record, schemaVersion: version } } }, result: undefined };
    });
  }

  /** Libraries opened at least once, most recent first. */
  async history(): Promise<LibraryRecord[]> {
    const { libraries } = await this.read();
    return Object.values(libraries)
      .filter((l) => l.openedAt > 0)
      .sort((a, b) => b.openedAt - a.openedAt || a.path.localeCompare(b.path));
  }

  /** The library made `unfinished` now holds what makes it one: it stays. A library gone since changes nothing. */
  async finished(path: string): Promise<void> {
    await this.change((s) => {
      const record = libraryAt(s, path);
      if (record?.unfinishedSince === undefined) return { state: s, result: undefined };
      const { unfinishedSince: _, ...kept } = record;
      return { state: { ...s, libraries: { ...s.libraries, [path]: kept } }, result: undefined };
    });
  }

  /**
   * Takes out, in one change, the libraries left unfinished since before `before` (their makers
   * stopped), and answers them; the current library and the last one stay.
   */
  async takeOutUnfinished(before: number): Promise<LibraryRecord[]> {
    return this.change((s) => {
      const stale = Object.values(s.libraries).filter((l) => l.unfinishedSince !== undefined && l.unfinishedSince < before && l.path !== s.current);
      const libraries = Object.fromEntries(Object.values(s.libraries).filter((l) => !stale.includes(l)).map((l) => [l.path, l]));
      if (stale.length === 0 || Object.keys(libraries).length === 0) return { state: s, result: [] };
      return { state: { ...s, libraries }, result: stale };
    });
  }

  private newRecord(name: string, now: number, madeFor?: readonly string[], options: NewLibraryOptions = {}): LibraryRecord {
    const record: LibraryRecord = { name, path: libraryPathFor(name), createdAt: now, openedAt: 0, applicationVersion: this.applicationVersion };
    return { ...record, ...(madeFor ? { madeFor: madeFor[0] } : {}), ...(options.unfinished ? { unfinishedSince: now } : {}) };
  }
}
