/**
 * The files step of a sync cycle, run after the metadata step (so no item ever waits for bytes)
 * and bounded per cycle (a few files, a few megabytes each way; the next cycle goes on):
 * 1. up: this device's thumbnails, then originals, that the files database lacks, one request
 *    each, recorded as soon as each is answered (file-records.ts), so a stopped worker redoes at
 *    most one file; a file the server refuses as too large (HTTP 413) is recorded and reported by
 *    name in the status (`fileErrors`), and its item's metadata syncs as any other;
 * 2. down: the files database's change feed from where it was last read: a thumbnail this device
 *    lacks comes along; an original only when "keep every original" is on (otherwise it is fetched
 *    when first opened, synced-files.ts).
 */
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileKind } from '../storage/remote-files';
import type { ItemRow } from '../storage/rows';
import { readFileRecords, readSince, writeFileRecord, writeFileRecords, writeSince, type FileRecord } from './file-records';
import { FilesDatabase, parseFileDocId } from './files-database';
import type { FetchServer } from './probe-server';
import { fetchAndKeep } from './synced-files';
import type { FileError, SyncSettings } from './sync-state';

export interface FileBudget {
  /** Files sent (and, separately, files received) per cycle at most. */
  files: number;
  /** Bytes per cycle each way: once passed, the rest waits for the next cycle (one file always goes). */
  bytes: number;
}

export const DEFAULT_FILE_BUDGET: FileBudget = { files: 24, bytes: 16 * 1024 * 1024 };

export interface FilesOutcome {
  uploaded: number;
  downloaded: number;
  /** Files the server refused as too large, by item. */
  fileErrors: FileError[];
}

export async function syncFiles(db: LibraryDb, settings: SyncSettings, fetchServer: FetchServer, budget: FileBudget = DEFAULT_FILE_BUDGET): Promise<FilesOutcome> {
  const files = new FilesDatabase(fetchServer, settings);
  const records = await readFileRecords(db, settings.url);
  const uploaded = await upload(db, files, settings.url, records, budget);
  const downloaded = await download(db, files, settings, records, budget);
  return { uploaded, downloaded, fileErrors: await fileErrorsOf(db, await readFileRecords(db, settings.url)) };
}

async function upload(db: LibraryDb, files: FilesDatabase, url: string, records: Map<string, FileRecord>, budget: FileBudget): Promise<number> {
  const waiting = (kind: RemoteFileKind) => (id: string) => !records.has(`${kind}:${id}`);
  const thumbnails = (await db.thumbnails.toCollection().primaryKeys()).filter(waiting('thumbnail'));
  const originals = (await db.files.toCollection().primaryKeys()).filter(waiting('original'));
  const queue = [...thumbnails.map((id) => ({ kind: 'thumbnail' as const, id })), ...originals.map((id) => ({ kind: 'original' as const, id }))];
  let [count, bytes] = [0, 0];
  for (const { kind, id } of queue) {
    if (count >= budget.files || bytes >= budget.bytes) break;
    const stored = kind === 'thumbnail' ? await db.thumbnails.get(id) : await db.files.get(id);
    if (!stored) continue;
    const outcome = await files.upload(kind, id, stored.blob);
    await writeFileRecord(db, kind, id, { url, state: outcome === 'too-large' ? 'too-large' : 'on-server', size: stored.blob.size });
    count += 1;
    bytes += stored.blob.size;
  }
  return count;
}

async function download(db: LibraryDb, files: FilesDatabase, settings: SyncSettings, records: Map<string, FileRecord>, budget: FileBudget): Promise<number> {
  let since = await readSince(db, settings.url);
  let [count, bytes] = [0, 0];
  for (;;) {
    const { results, lastSeq } = await files.changes(since, 100);
    const seen: Parameters<typeof writeFileRecords>[1] = [];
    for (const change of results) {
      const file = parseFileDocId(change.id);
      const row = file && !change.deleted ? await db.items.where('id').equals(file.itemId).first() : undefined;
      if (file && row && (await wanted(db, settings, row, file.kind))) {
        if (count >= budget.files || bytes >= budget.bytes) {
          await writeFileRecords(db, seen);
          await writeSince(db, settings.url, since);
          return count;
        }
        const blob = await fetchAndKeep(db, files, settings, row, file.kind);
        count += 1;
        bytes += blob?.size ?? 0;
        await writeSince(db, settings.url, change.seq);
      } else if (file && !change.deleted && !records.has(`${file.kind}:${file.itemId}`)) {
        // On the server already: this device need not send its own copy.
        seen.push({ kind: file.kind, itemId: file.itemId, record: { url: settings.url, state: 'on-server', size: 0 } });
      }
      since = change.seq;
    }
    await writeFileRecords(db, seen);
    since = results.length < 100 ? lastSeq : since;
    await writeSince(db, settings.url, since);
    if (results.length < 100) return count;
  }
}

async function wanted(db: LibraryDb, settings: SyncSettings, row: ItemRow, kind: RemoteFileKind): Promise<boolean> {
  if (kind === 'thumbnail') return !row.noThumbnail && !(await db.thumbnails.get(row.id));
  return settings.keepOriginals === true && row.hasFile && !(await db.files.get(row.id));
}

async function fileErrorsOf(db: LibraryDb, records: Map<string, FileRecord>): Promise<FileError[]> {
  const refused = [...records].filter(([, record]) => record.state === 'too-large');
  const errors: FileError[] = [];
  for (const [key, record] of refused) {
    const [kind, id] = [key.slice(0, key.indexOf(':')) as RemoteFileKind, key.slice(key.indexOf(':') + 1)];
    const row = await db.items.where('id').equals(id).first();
    if (!row) continue;
    const name = row.ext && row.ext !== 'url' ? `${row.name}.${row.ext}` : row.name;
    errors.push({ id, name, file: kind, error: `${name}: the ${kind} (${record.size} bytes) is larger than the server accepts (HTTP 413); it stays on this device only.` });
  }
  return errors;
}
