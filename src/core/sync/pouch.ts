/// <reference path="./pouchdb-browser.d.ts" />
/**
 * The part of PouchDB (pouchdb-browser 9) that sync uses, typed here (the package ships no types),
 * and its lazy load: PouchDB is about 130 KB of script that only a syncing library needs, so the
 * service worker build keeps it in a script of its own (every `import()` becomes one), loaded on the
 * first sync cycle of a worker's life.
 */
export interface PouchDocument {
  _id: string;
  _rev: string;
  _deleted?: boolean;
  _conflicts?: string[];
  _revisions?: { start: number; ids: string[] };
  [field: string]: unknown;
}

export interface ReplicationInfo {
  docs_written: number;
  /** Where the replication read the source's change feed up to. */
  last_seq?: number | string;
}

/** A one-shot two-way replication: a promise of its result that tells each batch written on the way. */
export interface Replication extends Promise<{ push: ReplicationInfo; pull: ReplicationInfo }> {
  on(event: 'change', listener: (info: { direction: 'push' | 'pull'; change: ReplicationInfo }) => void): unknown;
}

export interface Pouch {
  get(id: string, options?: { rev?: string; revs?: boolean; conflicts?: boolean }): Promise<PouchDocument>;
  put(document: Record<string, unknown>): Promise<{ id: string; rev: string }>;
  bulkDocs(documents: Record<string, unknown>[]): Promise<({ id: string; rev: string } | { error: true; status?: number; message?: string })[]>;
  allDocs(options: AllDocsOptions): Promise<{ rows: { id: string; key: string; value?: { rev: string; deleted?: boolean }; doc?: PouchDocument | null; error?: string }[] }>;
  /** The replica's change feed since a sequence (one-shot): each document once, with its winning revision (or every leaf with `style: 'all_docs'`). */
  changes(options: { since: number | string; style?: 'all_docs'; include_docs?: boolean }): Promise<{ results: { id: string; seq: number | string; changes: { rev: string }[]; deleted?: boolean; doc?: PouchDocument }[]; last_seq: number | string }>;
  sync(remote: Pouch, options?: { batch_size?: number }): Replication;
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
  close(): Promise<void>;
  /** Deletes the database and its storage (a local replica: its IndexedDB database). */
  destroy(): Promise<unknown>;
}

export interface AllDocsOptions {
  include_docs: true;
  conflicts?: boolean;
  keys?: string[];
  startkey?: string;
  endkey?: string;
  inclusive_end?: boolean;
}

export interface PouchOptions {
  auth?: { username: string; password: string };
  skip_setup?: boolean;
  fetch?: (url: string | Request, init?: RequestInit) => Promise<Response>;
}

export type PouchConstructor = new (name: string, options?: PouchOptions) => Pouch;

let loaded: PouchConstructor | undefined;

export async function loadPouch(): Promise<PouchConstructor> {
  loaded ??= ((await import('pouchdb-browser')) as unknown as { default: PouchConstructor }).default;
  return loaded;
}
