/**
 * Where an import lives, so a stopped service worker loses nothing: its progress is a row of the
 * target library's `state` table, written in the same transaction as each batch of items (the
 * count of item folders done can never disagree with what is stored), and the zip it reads is a
 * second row, written once. A small registry (idb-keyval, like the library registry) maps import
 * ids to their library.
 */
import { createStore, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import type { LibraryDb } from '../storage/library-db';

export type ImportStatus = 'running' | 'done' | 'failed';

export interface BrokenItem {
  /** The item folder's name, e.g. "KBHG6KA0Y5S9W.info". */
  name: string;
  reason: string;
}

/** What the body held: an Eagle library zip, a browser's bookmark file, or a Google Takeout of Google Photos. */
export type ImportFormat = 'eagle' | 'bookmarks' | 'takeout';

export interface ImportState {
  id: string;
  /** Absent in the state of an import started before other tools' exports came in: an Eagle one. */
  format?: ImportFormat;
  status: ImportStatus;
  libraryPath: string;
  libraryName: string;
  /** The imported folder's name, e.g. "Photos.library". */
  folderName: string;
  into: 'new' | 'current';
  startedAt: number;
  updatedAt: number;
  finishedAt: number;
  /** Folders, smart folders, tag groups and quick access are stored. */
  rootDone: boolean;
  /** Item folders found under images/. */
  total: number;
  /** Item folders handled so far (imported, skipped or broken). */
  done: number;
  imported: number;
  /** Items whose id the library already held. */
  skipped: number;
  broken: BrokenItem[];
  /** Bytes of originals, thumbnails and records stored so far. */
  bytes: number;
  /** Size of the zip read. */
  sourceBytes: number;
  /** Imported items whose thumbnail is made here because the library's own was missing or undecodable. */
  thumbnailsQueued: number;
  /** Why the import stopped, when it failed. */
  error: string;
  /** Other tools' exports: files whose bytes the library already held, not stored again (the item gains the folder). */
  duplicates?: number;
  /** Other tools' exports: the folders made, by the plan's folder key (import-plan.ts). */
  folderIds?: Record<string, string>;
}

export function newImportState(fields: Pick<ImportState, 'id' | 'libraryPath' | 'libraryName' | 'folderName' | 'into' | 'sourceBytes' | 'format'>, now: number): ImportState {
  return {
    ...fields,
    duplicates: 0,
    status: 'running',
    startedAt: now,
    updatedAt: now,
    finishedAt: 0,
    rootDone: false,
    total: 0,
    done: 0,
    imported: 0,
    skipped: 0,
    broken: [],
    bytes: 0,
    thumbnailsQueued: 0,
    error: '',
  };
}

const stateKey = (id: string) => `import:${id}`;
const sourceKey = (id: string) => `import-source:${id}`;

export async function readImportState(db: LibraryDb, id: string): Promise<ImportState | undefined> {
  return (await db.state.get(stateKey(id)))?.value as ImportState | undefined;
}

/** Call inside the batch's transaction. */
export async function writeImportState(db: LibraryDb, state: ImportState): Promise<void> {
  await db.state.put({ key: stateKey(state.id), value: state });
}

export async function storeImportSource(db: LibraryDb, id: string, zip: Blob): Promise<void> {
  await db.state.put({ key: sourceKey(id), value: zip });
}

export async function readImportSource(db: LibraryDb, id: string): Promise<Blob | undefined> {
  return (await db.state.get(sourceKey(id)))?.value as Blob | undefined;
}

/** A finished import needs its zip no more. */
export async function dropImportSource(db: LibraryDb, id: string): Promise<void> {
  await db.state.delete(sourceKey(id));
}

interface IndexEntry {
  libraryPath: string;
  /** Cleared when the import ends, so a starting worker looks only at unfinished ones. */
  running: boolean;
}

/** Import id → the library it writes into, and whether it may still need a runner. */
export class ImportRegistry {
  private readonly store: UseStore;

  constructor(namespace: string) {
    this.store = createStore(`${namespace}/imports`, 'keyval');
  }

  async libraryOf(id: string): Promise<string | undefined> {
    return (await get<IndexEntry>(id, this.store))?.libraryPath;
  }

  add(id: string, libraryPath: string): Promise<void> {
    return set(id, { libraryPath, running: true } satisfies IndexEntry, this.store);
  }

  async ended(id: string): Promise<void> {
    const entry = await get<IndexEntry>(id, this.store);
    if (entry?.running) await set(id, { ...entry, running: false }, this.store);
  }

  /** Forgets the imports into the library at `path` (taken back: nothing of them is left). */
  async forgetLibrary(path: string): Promise<void> {
    await delMany((await this.all()).filter((entry) => entry.libraryPath === path).map((entry) => entry.id), this.store);
  }

  async all(): Promise<({ id: string } & IndexEntry)[]> {
    return (await entries<string, IndexEntry>(this.store)).map(([id, entry]) => ({ id, ...entry }));
  }
}
