/**
 * What this device knows about its files on the sync server, in the library's `state` table,
 * written as soon as a file went up or came down, so a worker stopped in the middle of the files
 * step redoes at most the file it was sending:
 * - `sync-file:<kind>:<item id>` → `{rev}`: the server has the version this device holds (sent from
 *   here, fetched, or seen there), at that revision of its file document when known; a later
 *   revision in the change feed is a file replaced on another device, fetched again;
 * - `sync-file-replaced:<kind>:<item id>`: replaced on this device since it was sent (a custom or
 *   refreshed thumbnail, media/store-result.ts): it goes up again, over the server's revision;
 * - `sync-file-removed:<item id>`: an item removed on this device (or a removal pulled here),
 *   whose files the next cycle deletes from the files database (removed-files.observer.ts);
 * - `sync-file-refused:<kind>:<item id>` → `{size}`: the server refused it as too large (HTTP 413);
 * - `sync-files-since`: where the files database's change feed was last read;
 * - `sync-files-url`: the database these rows are about: syncing with another one starts afresh.
 * Each cycle reads the keys only (no values) of the first kind, the cheap read of IndexedDB.
 */
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileKind } from '../storage/remote-files';

const ON_SERVER = 'sync-file:';
const REPLACED = 'sync-file-replaced:';
const REMOVED = 'sync-file-removed:';
const REFUSED = 'sync-file-refused:';
const SINCE_KEY = 'sync-files-since';
const URL_KEY = 'sync-files-url';

export interface FileMark {
  kind: RemoteFileKind;
  itemId: string;
  /** The revision of its file document on the server, when known. */
  rev?: string;
}

export interface RefusedFile extends FileMark {
  size: number;
}

/** Forgets every record when they are about another database than `url`. */
export async function useRecordsOf(db: LibraryDb, url: string): Promise<void> {
  if ((await db.state.get(URL_KEY))?.value === url) return;
  await db.transaction('rw', db.state, async () => {
    await db.state.where('key').startsWith(ON_SERVER).delete();
    await db.state.where('key').startsWith(REFUSED).delete();
    await db.state.where('key').startsWith(REPLACED).delete();
    await db.state.where('key').startsWith(REMOVED).delete();
    await db.state.bulkDelete([SINCE_KEY]);
    await db.state.put({ key: URL_KEY, value: url });
  });
}

/** The server has these files as this device holds them (a replacement made here is sent). */
export async function markOnServer(db: LibraryDb, marks: readonly FileMark[]): Promise<void> {
  if (!marks.length) return;
  await db.state.bulkPut(marks.map(({ kind, itemId, rev }) => ({ key: `${ON_SERVER}${kind}:${itemId}`, value: rev ? { rev } : {} })));
  await db.state.bulkDelete(marks.map(({ kind, itemId }) => `${REPLACED}${kind}:${itemId}`));
}

/** The server's file is gone (deleted there): a living item's file goes up again. */
export async function forgetOnServer(db: LibraryDb, { kind, itemId }: FileMark): Promise<void> {
  await db.state.delete(`${ON_SERVER}${kind}:${itemId}`);
}

/** The revision of the server's file this device holds: undefined when unknown or not recorded. */
export async function recordedRev(db: LibraryDb, { kind, itemId }: FileMark): Promise<string | undefined> {
  const value = (await db.state.get(`${ON_SERVER}${kind}:${itemId}`))?.value as { rev?: string } | true | undefined;
  return typeof value === 'object' ? value.rev : undefined;
}

/**
 * A file replaced on this device (a custom or refreshed thumbnail): when the server has an earlier
 * version, it goes up again. A file never sent needs no note: it goes up anyway.
 */
export async function noteFileReplaced(db: LibraryDb, kind: RemoteFileKind, itemId: string): Promise<void> {
  if (await db.state.get(`${ON_SERVER}${kind}:${itemId}`)) await db.state.put({ key: `${REPLACED}${kind}:${itemId}`, value: true });
}

export async function replacedHere(db: LibraryDb, { kind, itemId }: FileMark): Promise<boolean> {
  return (await db.state.get(`${REPLACED}${kind}:${itemId}`)) !== undefined;
}

/** `<kind>:<item id>` of the files replaced here and not sent since. */
export async function replacedFiles(db: LibraryDb): Promise<Set<string>> {
  return new Set((await db.state.where('key').startsWith(REPLACED).primaryKeys()).map((key) => String(key).slice(REPLACED.length)));
}

export async function noteItemsRemoved(db: LibraryDb, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length) await db.state.bulkPut(itemIds.map((id) => ({ key: `${REMOVED}${id}`, value: true })));
}

export async function removedItems(db: LibraryDb): Promise<string[]> {
  return (await db.state.where('key').startsWith(REMOVED).primaryKeys()).map((key) => String(key).slice(REMOVED.length));
}

/** A removed item came back (an edit on another device outlived the removal): its files stay. */
export async function dropRemoval(db: LibraryDb, itemId: string): Promise<void> {
  await db.state.delete(`${REMOVED}${itemId}`);
}

/** The removed item's files are off the server: nothing more to delete, nothing recorded. */
export async function forgetRemovedItem(db: LibraryDb, itemId: string): Promise<void> {
  await db.state.bulkDelete([`${REMOVED}${itemId}`, ...(['thumbnail', 'original'] as const).flatMap((kind) => [`${ON_SERVER}${kind}:${itemId}`, `${REPLACED}${kind}:${itemId}`, `${REFUSED}${kind}:${itemId}`])]);
}

export async function markRefused(db: LibraryDb, { kind, itemId, size }: RefusedFile): Promise<void> {
  await db.state.put({ key: `${REFUSED}${kind}:${itemId}`, value: { size } });
}

/**
 * Which of `files` (`<kind>:<item id>`) the server has or refused: none of them goes up again (unless
 * replaced here). Looked up one by one, not by reading every record: a cycle asks about the few
 * files it handles, and a library of 100,000 items has some 200,000 records.
 */
export async function recordedAmong(db: LibraryDb, files: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(files)];
  const rows = await db.state.bulkGet(unique.flatMap((file) => [`${ON_SERVER}${file}`, `${REFUSED}${file}`]));
  return new Set(unique.filter((_, i) => rows[2 * i] !== undefined || rows[2 * i + 1] !== undefined));
}

export async function refusedFiles(db: LibraryDb): Promise<RefusedFile[]> {
  const rows = await db.state.where('key').startsWith(REFUSED).toArray();
  return rows.map((row) => {
    const rest = row.key.slice(REFUSED.length);
    const at = rest.indexOf(':');
    return { kind: rest.slice(0, at) as RemoteFileKind, itemId: rest.slice(at + 1), size: (row.value as { size: number }).size };
  });
}

export async function readSince(db: LibraryDb): Promise<string> {
  return ((await db.state.get(SINCE_KEY))?.value as string | undefined) ?? '0';
}

export async function writeSince(db: LibraryDb, since: string): Promise<void> {
  await db.state.put({ key: SINCE_KEY, value: since });
}

/** Reads the change feed from the start again (e.g. "keep every original" was just turned on). */
export async function forgetSince(db: LibraryDb): Promise<void> {
  await db.state.delete(SINCE_KEY);
}
