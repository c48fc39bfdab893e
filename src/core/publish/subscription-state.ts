/**
 * A subscribed library's own records, in its `state` table: the subscription (the URL and the
 * manifest being stored) and one row per stored shard listing the ids it stored. A shard's row is
 * written in the same transaction as its items, so the rows say exactly which shards are stored:
 * a stopped worker resumes after them, and a write touches only the shards it changes. Where each
 * item's published files are is kept in its item row (`publishedFiles`). Also the small site-wide
 * list of read-only libraries (idb-keyval, like the library registry) that the write guard reads.
 */
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { countStoredItems } from '../storage/counts';
import type { LibraryDb } from '../storage/library-db';
import type { EagleRecord } from '../storage/rows';
import type { Manifest } from './published-format';

export interface Subscription {
  /** The published library's folder URL, ending in "/". */
  base: string;
  /** The manifest whose shards are being (or were) stored. */
  manifest: Manifest;
  updatedAt: number;
  /**
   * The manifest root record's tags.json (recent and starred tags), kept when the root is stored:
   * finishing a load applies them without fetching the root again. Absent in subscriptions stored
   * before it was kept (the root is then fetched).
   */
  tags?: EagleRecord;
  /** Every shard stored and the tags' recent and starred order applied. */
  ready?: boolean;
  /**
   * A first load in bulk (put-published-index.ts): the items stored after the first screen have
   * their rows and search terms but are in no posting list or count until the manifest's
   * prebuilt index is put, once every shard is stored. `'from-rows'`: an update was stored during
   * the load, and an edited item keeps its stored key where the new manifest's index names a new
   * one, so the index is built from the stored rows instead.
   */
  bulk?: true | 'from-rows';
}

/** A stored shard: the ids of the items it stored. */
export interface StoredShard {
  file: string;
  ids: string[];
}

const KEY = 'published:subscription';
const SHARD_PREFIX = 'published:shard:';
const shardKey = (file: string) => `${SHARD_PREFIX}${file}`;

export async function readSubscription(db: LibraryDb): Promise<Subscription | undefined> {
  return (await db.state.get(KEY))?.value as Subscription | undefined;
}

/**
 * How far a published library's first load got (library/info's `loading`, the `library loading`
 * event): items stored of the manifest's, and whether search, filters and counts cover every stored
 * item yet (a bulk load's are put with the index, after the last shard). Undefined once the load
 * finished, and for a library that is no subscription.
 */
export interface PublishedLoad {
  stored: number;
  total: number;
  indexed: boolean;
  /**
   * The load stopped: it and every retry failed, this the last error's message. It is tried again
   * when its URL is subscribed to again (the app does on opening the library) or a new worker starts.
   */
  failed?: string;
}

export async function publishedLoad(db: LibraryDb): Promise<PublishedLoad | undefined> {
  const subscription = await readSubscription(db);
  if (!subscription || (subscription.ready && !subscription.bulk)) return undefined;
  return { stored: await countStoredItems(db), total: subscription.manifest.counts.items, indexed: !subscription.bulk };
}

/** Call inside the transaction that stores the shards of its manifest. */
export async function writeSubscription(db: LibraryDb, subscription: Subscription): Promise<void> {
  await db.state.put({ key: KEY, value: subscription });
}

/** The files of the stored shards (keys only: no id list is read). */
export async function readStoredShards(db: LibraryDb): Promise<Set<string>> {
  const keys = await db.state.where('key').startsWith(SHARD_PREFIX).primaryKeys();
  return new Set(keys.map((key) => key.slice(SHARD_PREFIX.length)));
}

/** Every stored shard with its ids. */
export async function readStoredShardIds(db: LibraryDb): Promise<StoredShard[]> {
  const rows = await db.state.where('key').startsWith(SHARD_PREFIX).toArray();
  return rows.map((row) => ({ file: row.key.slice(SHARD_PREFIX.length), ids: row.value as string[] }));
}

/** Call inside the transaction that stores (or removes) the shards' items. */
export async function writeStoredShards(db: LibraryDb, stored: readonly StoredShard[], dropped: readonly string[]): Promise<void> {
  if (dropped.length) await db.state.bulkDelete(dropped.map(shardKey));
  if (stored.length) await db.state.bulkPut(stored.map(({ file, ids }) => ({ key: shardKey(file), value: ids })));
}

/** Library path → the published library it reads; a library listed here refuses writes. */
export class ReadOnlyLibraries {
  private readonly store: UseStore;

  constructor(namespace: string) {
    this.store = createStore(`${namespace}/subscriptions`, 'keyval');
  }

  sourceOf(path: string): Promise<string | undefined> {
    return get<string>(path, this.store);
  }

  all(): Promise<[path: string, base: string][]> {
    return entries<string, string>(this.store);
  }

  add(path: string, base: string): Promise<void> {
    return set(path, base, this.store);
  }

  /** Unmarks `path`; answers the published library it read (undefined: it was not marked), for `add` to put back. */
  async remove(path: string): Promise<string | undefined> {
    const base = await this.sourceOf(path);
    if (base !== undefined) await del(path, this.store);
    return base;
  }
}
