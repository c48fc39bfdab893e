/**
 * What this device knows about its files on the sync server, in the library's `state` table,
 * written as soon as a file went up or came down, so a worker stopped in the middle of the files
 * step redoes at most the file it was sending:
 * - `sync-file:<kind>:<item id>`: the server has it (sent from here, or seen there);
 * - `sync-file-refused:<kind>:<item id>` → `{size}`: the server refused it as too large (HTTP 413);
 * - `sync-files-since`: where the files database's change feed was last read;
 * - `sync-files-url`: the database these rows are about: syncing with another one starts afresh.
 * Each cycle reads the keys only (no values) of the first kind, the cheap read of IndexedDB.
 */
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileKind } from '../storage/remote-files';

const ON_SERVER = 'sync-file:';
const REFUSED = 'sync-file-refused:';
const SINCE_KEY = 'sync-files-since';
const URL_KEY = 'sync-files-url';

export interface FileMark {
  kind: RemoteFileKind;
  itemId: string;
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
    await db.state.bulkDelete([SINCE_KEY]);
    await db.state.put({ key: URL_KEY, value: url });
  });
}

export async function markOnServer(db: LibraryDb, marks: readonly FileMark[]): Promise<void> {
  if (marks.length) await db.state.bulkPut(marks.map(({ kind, itemId }) => ({ key: `${ON_SERVER}${kind}:${itemId}`, value: true })));
}

export async function markRefused(db: LibraryDb, { kind, itemId, size }: RefusedFile): Promise<void> {
  await db.state.put({ key: `${REFUSED}${kind}:${itemId}`, value: { size } });
}

/** `<kind>:<item id>` of every file the server has or refused: none of them goes up again. */
export async function recordedFiles(db: LibraryDb): Promise<Set<string>> {
  const keys = [...(await db.state.where('key').startsWith(ON_SERVER).primaryKeys()), ...(await db.state.where('key').startsWith(REFUSED).primaryKeys())];
  return new Set(keys.map((key) => String(key).slice(String(key).startsWith(REFUSED) ? REFUSED.length : ON_SERVER.length)));
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
