/**
 * The files step of a sync cycle, run after the metadata step (so no item ever waits for bytes)
 * and bounded per cycle (a few files, a few megabytes each way; the next cycle goes on):
 * 1. up: this device's thumbnails, then originals, that the files database lacks or that were
 *    replaced here since they were sent, one request each, recorded as soon as each is answered
 *    (file-records.ts), so a stopped worker redoes at most one file; a file the server refuses as
 *    too large (HTTP 413) is recorded and reported by name in the status (`fileErrors`), and its
 *    item's metadata syncs as any other;
 * 2. removed: the files of items removed here (or whose removal was pulled here) are deleted from
 *    the files database, unless the item came back;
 * 3. down: the files database's change feed from where it was last read: a thumbnail this device
 *    lacks comes along; an original only when "keep every original" is on (otherwise it is fetched
 *    when first opened, synced-files.ts); a file this device holds at an older revision (replaced
 *    on another device) is fetched again; a file deleted there is forgotten (a living item's goes
 *    up again).
 */
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileKind } from '../storage/remote-files';
import type { ItemRow } from '../storage/rows';
import { doneWithCandidates, fileCandidates, markFilesAgain } from './file-candidates';
import {
  dropRemoval, forgetOnServer, forgetRemovedItem, markOnServer, markRefused, readSince, recordedAmong, recordedRev, refusedFiles, removedItems, replacedFiles, replacedHere, useRecordsOf, writeSince, type FileMark,
} from './file-records';
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
  const uploaded = await upload(db, files, budget, settings.url);
  await removeFilesOfRemovedItems(db, files);
  const downloaded = await download(db, files, settings, budget);
  return { uploaded, downloaded, fileErrors: await fileErrorsOf(db) };
}

async function upload(db: LibraryDb, files: FilesDatabase, budget: FileBudget, url: string): Promise<number> {
  const replaced = await replacedFiles(db);
  // Files of items written since the last step (./file-candidates.ts), not every key, and those replaced here.
  const candidates = await fileCandidates(db, url);
  const withReplaced = (kind: RemoteFileKind, ids: string[]) => [...new Set([...ids, ...[...replaced].filter((key) => key.startsWith(`${kind}:`)).map((key) => key.slice(kind.length + 1))])];
  const [thumbnailIds, originalIds] = [withReplaced('thumbnail', candidates.thumbnails), withReplaced('original', candidates.originals)];
  const recorded = await recordedAmong(db, [...thumbnailIds.map((id) => `thumbnail:${id}`), ...originalIds.map((id) => `original:${id}`)]);
  const waiting = (kind: RemoteFileKind) => (id: string) => !recorded.has(`${kind}:${id}`) || replaced.has(`${kind}:${id}`);
  const thumbnails = thumbnailIds.filter(waiting('thumbnail'));
  const originals = originalIds.filter(waiting('original'));
  const queue = [...thumbnails.map((id) => ({ kind: 'thumbnail' as const, id })), ...originals.map((id) => ({ kind: 'original' as const, id }))];
  let [count, bytes] = [0, 0];
  for (const { kind, id } of queue) {
    if (count >= budget.files || bytes >= budget.bytes) return count;
    const stored = kind === 'thumbnail' ? await db.thumbnails.get(id) : await db.files.get(id);
    // A removed item's file never goes (back) up.
    if (!stored || !(await db.items.where('id').equals(id).count())) continue;
    const sent = await files.upload(kind, id, stored.blob, replaced.has(`${kind}:${id}`));
    if (sent.outcome === 'too-large') await markRefused(db, { kind, itemId: id, size: stored.blob.size });
    else await markOnServer(db, [{ kind, itemId: id, rev: sent.rev }]);
    count += 1;
    bytes += stored.blob.size;
  }
  await doneWithCandidates(db, candidates, url);
  return count;
}

/** Items removed here (or whose removal came in): their files leave the server, unless the item came back. */
async function removeFilesOfRemovedItems(db: LibraryDb, files: FilesDatabase): Promise<void> {
  for (const itemId of await removedItems(db)) {
    if (await db.items.where('id').equals(itemId).count()) {
      await dropRemoval(db, itemId);
      continue;
    }
    for (const kind of ['thumbnail', 'original'] as const) await files.remove(kind, itemId);
    await forgetRemovedItem(db, itemId);
  }
}

const PAGE = 100;

async function download(db: LibraryDb, files: FilesDatabase, settings: SyncSettings, budget: FileBudget): Promise<number> {
  let since = await readSince(db);
  let [count, bytes] = [0, 0];
  for (;;) {
    const { results, lastSeq } = await files.changes(since, PAGE);
    const pageFiles = results.map((change) => parseFileDocId(change.id)).filter((file) => file !== undefined);
    const recorded = await recordedAmong(db, pageFiles.map((file) => `${file.kind}:${file.itemId}`));
    // On the server already: this device need not send its own copy.
    const seen: FileMark[] = [];
    for (const change of results) {
      const file = parseFileDocId(change.id);
      if (file && change.deleted) {
        await forgetOnServer(db, file);
        // Deleted there while its item lives here: it goes up again with the next step.
        if (await db.items.where('id').equals(file.itemId).count()) await markFilesAgain(db, file.itemId);
      }
      const row = file && !change.deleted ? await db.items.where('id').equals(file.itemId).first() : undefined;
      if (file && row && (await wanted(db, settings, row, { ...file, rev: change.rev }, recorded))) {
        if (count >= budget.files || bytes >= budget.bytes) {
          await markOnServer(db, seen);
          await writeSince(db, since);
          return count;
        }
        const blob = await fetchAndKeep(db, files, settings, row, file.kind, change.rev);
        count += 1;
        bytes += blob?.size ?? 0;
        await writeSince(db, change.seq);
      } else if (file && !change.deleted && !recorded.has(`${file.kind}:${file.itemId}`)) seen.push({ ...file, rev: change.rev });
      since = change.seq;
    }
    await markOnServer(db, seen);
    since = results.length < PAGE ? lastSeq : since;
    await writeSince(db, since);
    if (results.length < PAGE) return count;
  }
}

/**
 * Whether a file the server has at a revision this device does not hold comes down: one this device
 * holds (an older version: replaced on another device) unless replaced here meanwhile (that one
 * goes up); one it lacks: a thumbnail, and an original with "keep every original".
 */
async function wanted(db: LibraryDb, settings: SyncSettings, row: ItemRow, file: Required<FileMark>, recorded: Set<string>): Promise<boolean> {
  const { kind } = file;
  const here = kind === 'thumbnail' ? await db.thumbnails.get(row.id) : await db.files.get(row.id);
  if (here) return recorded.has(`${kind}:${row.id}`) && (await recordedRev(db, file)) !== file.rev && !(await replacedHere(db, file));
  if (kind === 'thumbnail') return !row.noThumbnail;
  return settings.keepOriginals === true && row.hasFile;
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
