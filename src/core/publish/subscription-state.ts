/**
 * A subscribed library's own record, a row of its `state` table written in the same transaction
 * as each shard it stores (so a stopped worker resumes after the last stored shard), and the small
 * site-wide list of read-only libraries (idb-keyval, like the library registry) that the write
 * guard reads.
 */
import { createStore, entries, get, set, type UseStore } from 'idb-keyval';
import type { LibraryDb } from '../storage/library-db';
import type { Manifest } from './published-format';

export interface Subscription {
  /** The published library's folder URL, ending in "/". */
  base: string;
  /** The manifest whose shards are being (or were) stored. */
  manifest: Manifest;
  /** Ids stored from each shard, by shard file. */
  stored: Record<string, string[]>;
  updatedAt: number;
  /** Every shard stored and the tags' recent and starred order applied. */
  ready?: boolean;
}

const KEY = 'published:subscription';
const fileKey = (id: string) => `published:file:${id}`;

/** Where an item's published files are, relative to the subscription's base. */
export interface PublishedFiles {
  key: string;
  thumbnail?: string;
  original?: string;
}

export async function readSubscription(db: LibraryDb): Promise<Subscription | undefined> {
  return (await db.state.get(KEY))?.value as Subscription | undefined;
}

/** Call inside the transaction that stores the shards it lists. */
export async function writeSubscription(db: LibraryDb, subscription: Subscription): Promise<void> {
  await db.state.put({ key: KEY, value: subscription });
}

export async function writeItemFiles(db: LibraryDb, files: { id: string; thumbnail?: string; original?: string }[]): Promise<void> {
  await db.state.bulkPut(files.map(({ id, thumbnail, original }) => ({ key: fileKey(id), value: { thumbnail, original } })));
}

export async function dropItemFiles(db: LibraryDb, ids: readonly string[]): Promise<void> {
  await db.state.bulkDelete(ids.map(fileKey));
}

/** The files of each id, in order (undefined where none is recorded). */
export async function readItemFilesOf(db: LibraryDb, ids: readonly string[]): Promise<(Omit<PublishedFiles, 'key'> | undefined)[]> {
  return (await db.state.bulkGet(ids.map(fileKey))).map((row) => row?.value as Omit<PublishedFiles, 'key'> | undefined);
}

export async function readItemFiles(db: LibraryDb, id: string): Promise<Omit<PublishedFiles, 'key'> | undefined> {
  return (await db.state.get(fileKey(id)))?.value as Omit<PublishedFiles, 'key'> | undefined;
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
}
