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
import { doneWithCandidates, fileCandidates } from './file-candidates';
import { markOnServer, markRefused, readSince, recordedFiles, refusedFiles, useRecordsOf, writeSince, type FileMark } from './file-records';
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
  await useRecordsOf(db, settings.url);
  const recorded = await recordedFiles(db);
  const uploaded = await upload(db, files, recorded, budget, settings.url);
  const downloaded = await download(db, files, settings, recorded, budget);
  return { uploaded, downloaded, fileErrors: await fileErrorsOf(db) };
}

async function upload(db: LibraryDb, files: FilesDatabase, recorded: Set<string>, budget: FileBudget, url: string): Promise<number> {
  const waiting = (kind: RemoteFileKind) => (id: string) => !recorded.has(`${kind}:${id}`);
  // Files of items written since the last step (./file-candidates.ts), not every key.
  const candidates = await fileCandidates(db, url);
  const thumbnails = candidates.thumbnails.filter(waiting('thumbnail'));
  const originals = candidates.originals.filter(waiting('original'));
  const queue = [...thumbnails.map((id) => ({ kind: 'thumbnail' as const, id })), ...originals.map((id) => ({ kind: 'original' as const, id }))];
  let [count, bytes] = [0, 0];
  for (const { kind, id } of queue) {
    if (count >= budget.files || bytes >= budget.bytes) return count;
    const stored = kind === 'thumbnail' ? await db.thumbnails.get(id) : await db.files.get(id);
    if (!stored) continue;
    const outcome = await files.upload(kind, id, stored.blob);
    if (outcome === 'too-large') await markRefused(db, { kind, itemId: id, size: stored.blob.size });
    else await markOnServer(db, [{ kind, itemId: id }]);
    count += 1;
    bytes += stored.blob.size;
  }
  await doneWithCandidates(db, candidates, url);
  return count;
}

const PAGE = 100;

async function download(db: LibraryDb, files: FilesDatabase, settings: SyncSettings, recorded: Set<string>, budget: FileBudget): Promise<number> {
  let since = await readSince(db);
  let [count, bytes] = [0, 0];
  for (;;) {
    const { results, lastSeq } = await files.changes(since, PAGE);
    // On the server already: this device need not send its own copy.
    const seen: FileMark[] = [];
    for (const change of results) {
      const file = parseFileDocId(change.id);
      const row = file && !change.deleted ? await db.items.where('id').equals(file.itemId).first() : undefined;
      if (file && row && (await wanted(db, settings, row, file.kind))) {
        if (count >= budget.files || bytes >= budget.bytes) {
          await markOnServer(db, seen);
          await writeSince(db, since);
          return count;
        }
        const blob = await fetchAndKeep(db, files, settings, row, file.kind);
        count += 1;
        bytes += blob?.size ?? 0;
        await writeSince(db, change.seq);
      } else if (file && !change.deleted && !recorded.has(`${file.kind}:${file.itemId}`)) seen.push(file);
      since = change.seq;
    }
    await markOnServer(db, seen);
    since = results.length < PAGE ? lastSeq : since;
    await writeSince(db, since);
    if (results.length < PAGE) return count;
  }
}

async function wanted(db: LibraryDb, settings: SyncSettings, row: ItemRow, kind: RemoteFileKind): Promise<boolean> {
  if (kind === 'thumbnail') return !row.noThumbnail && !(await db.thumbnails.get(row.id));
  return settings.keepOriginals === true && row.hasFile && !(await db.files.get(row.id));
}

async function fileErrorsOf(db: LibraryDb): Promise<FileError[]> {
  const errors: FileError[] = [];
  for (const { kind, itemId, size } of await refusedFiles(db)) {
    const row = await db.items.where('id').equals(itemId).first();
    if (!row) continue;
    const name = row.ext && row.ext !== 'url' ? `${row.name}.${row.ext}` : row.name;
    errors.push({ id: itemId, name, file: kind, error: `${name}: the ${kind} (${size} bytes) is larger than the server accepts (HTTP 413); it stays on this device only.` });
  }
  return errors;
}
