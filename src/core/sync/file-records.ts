/**
 * What this device knows about its files on the sync server, one row of the library's `state`
 * table per file (`sync-file:<kind>:<item id>`), written as soon as a file went up or came down,
 * so a worker stopped in the middle of the files step redoes at most the file it was sending.
 * A record names the database URL it is about: after syncing with another database, the files go
 * up again. `sync-files-since` is where the files database's change feed was last read.
 */
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileKind } from '../storage/remote-files';

const RECORD_PREFIX = 'sync-file:';
const SINCE_KEY = 'sync-files-since';

export interface FileRecord {
  url: string;
  /** `on-server`: uploaded, or seen there; `too-large`: the server refused it (HTTP 413). */
  state: 'on-server' | 'too-large';
  size: number;
}

const recordKey = (kind: RemoteFileKind, itemId: string) => `${RECORD_PREFIX}${kind}:${itemId}`;

export async function writeFileRecord(db: LibraryDb, kind: RemoteFileKind, itemId: string, record: FileRecord): Promise<void> {
  await db.state.put({ key: recordKey(kind, itemId), value: record });
}

export async function writeFileRecords(db: LibraryDb, entries: { kind: RemoteFileKind; itemId: string; record: FileRecord }[]): Promise<void> {
  if (entries.length) await db.state.bulkPut(entries.map(({ kind, itemId, record }) => ({ key: recordKey(kind, itemId), value: record })));
}

/** The records about `url`'s files database, by `<kind>:<item id>`. */
export async function readFileRecords(db: LibraryDb, url: string): Promise<Map<string, FileRecord>> {
  const rows = await db.state.where('key').startsWith(RECORD_PREFIX).toArray();
  const records = new Map<string, FileRecord>();
  for (const row of rows) {
    const record = row.value as FileRecord;
    if (record.url === url) records.set(row.key.slice(RECORD_PREFIX.length), record);
  }
  return records;
}

export async function readSince(db: LibraryDb, url: string): Promise<string> {
  const stored = (await db.state.get(SINCE_KEY))?.value as { url: string; since: string } | undefined;
  return stored?.url === url ? stored.since : '0';
}

export async function writeSince(db: LibraryDb, url: string, since: string): Promise<void> {
  await db.state.put({ key: SINCE_KEY, value: { url, since } });
}

/** Reads the change feed from the start again (e.g. "keep every original" was just turned on). */
export async function forgetSince(db: LibraryDb): Promise<void> {
  await db.state.delete(SINCE_KEY);
}
