/**
 * PouchDB for node tests: pouchdb-browser's IndexedDB adapter fails on fake-indexeddb (it stores a
 * Blob, which node cannot clone), so node tests replicate from PouchDB's in-memory adapter, with
 * the same http adapter and replication (the packages pouchdb-server itself runs on). The browser
 * tests use pouchdb-browser on Chromium's IndexedDB.
 */
import type { PouchConstructor } from '../../src/core/sync/pouch';

let loaded: PouchConstructor | undefined;

/** Called before each request to the server (tests cut a replication at a chosen request). */
export type BeforeFetch = (url: string) => Promise<void>;

/** A PouchDB whose server requests first pass `beforeFetch`. */
export async function loadNodePouchWith(beforeFetch: BeforeFetch): Promise<PouchConstructor> {
  const Base = (await loadNodePouch()) as unknown as new (name: string, options?: object) => object;
  // PouchDB 7's own fetch (node-fetch), which its http adapter's requests are made for.
  const fetchOf = ((await import('pouchdb-fetch')) as { fetch: (url: string, init?: object) => Promise<Response> }).fetch;
  return class extends Base {
    constructor(name: string, options: object = {}) {
      super(name, { ...options, fetch: async (url: string, init?: object) => (await beforeFetch(String(url)), fetchOf(url, init)) });
    }
  } as unknown as PouchConstructor;
}

export async function loadNodePouch(): Promise<PouchConstructor> {
  if (loaded) return loaded;
  const [core, memory, http, replication] = await Promise.all([
    import('pouchdb-core'),
    import('pouchdb-adapter-memory'),
    import('pouchdb-adapter-http'),
    import('pouchdb-replication'),
  ]);
  const PouchDB = core.default as { plugin(plugin: unknown): unknown; defaults(options: unknown): PouchConstructor; replicate?: unknown };
  // Plugged once per process: the node files share one pouchdb-core (they run without isolation,
  // docs/decisions/test-suite-time.md), and it refuses a plugin twice.
  if (!PouchDB.replicate) {
    PouchDB.plugin(memory.default);
    PouchDB.plugin(http.default);
    PouchDB.plugin(replication.default);
  }
  const Memory = PouchDB.defaults({ adapter: 'memory' });
  loaded = class extends (Memory as unknown as new (name: string, options?: object) => object) {
    constructor(name: string, options: object = {}) {
      super(name, /^https?:/.test(name) ? { ...options, adapter: 'http' } : options);
    }
  } as unknown as PouchConstructor;
  return loaded;
}
