/**
 * A syncing library's files as a remote file source (storage/remote-files.ts): an original or a
 * thumbnail not on this device is fetched from the library's files database and kept, the first
 * time it is asked for (item/file, item/thumbnail, a media job) or by the files step of a cycle.
 * A library that does not sync answers undefined.
 */
import { ApiError } from '../http/errors';
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileKind, RemoteFileSource } from '../storage/remote-files';
import type { ItemRow } from '../storage/rows';
import { markOnServer, recordedRev, replacedHere, useRecordsOf } from './file-records';
import { FilesDatabase } from './files-database';
import type { FetchServer } from './probe-server';
import { readSettings, type SyncSettings } from './sync-state';

export const syncedFiles =
  (fetchServer: FetchServer): RemoteFileSource =>
  async (db, row, kind) => {
    const settings = await readSettings(db);
    if (!settings) return undefined;
    try {
      return await fetchAndKeep(db, new FilesDatabase(fetchServer, settings), settings, row, kind);
    } catch (error) {
      // A thumbnail falls back to the generic icon; an original asked for cannot be answered.
      if (kind === 'thumbnail') return undefined;
      if (error instanceof ApiError) throw error;
      throw new ApiError('UNAVAILABLE', `id: the original of item "${row.id}" is on the sync server ${new URL(settings.url).origin}, which did not answer.`);
    }
  };

/**
 * Downloads the file (at revision `rev`, else the current one) and stores it while the item still
 * exists; undefined when the server lacks it. A file replaced here and not sent yet stays: it goes
 * up over the server's.
 */
export async function fetchAndKeep(db: LibraryDb, files: FilesDatabase, settings: SyncSettings, row: ItemRow, kind: RemoteFileKind, rev?: string): Promise<Blob | undefined> {
  const fetched = await files.download(kind, row.id, kind === 'original' ? row.mime : '', rev);
  if (!fetched) return undefined;
  const { blob } = fetched;
  await useRecordsOf(db, settings.url);
  await db.transaction('rw', db.items, db.thumbnails, db.files, db.state, async () => {
    if (!(await db.items.where('id').equals(row.id).count())) return;
    if (await replacedHere(db, { kind, itemId: row.id })) return;
    if (kind === 'thumbnail') {
      // A custom thumbnail made here meanwhile, before this device knew of the server's, stays.
      if ((await db.thumbnails.get(row.id))?.custom && (await recordedRev(db, { kind, itemId: row.id })) === undefined) return;
      await db.thumbnails.put({ id: row.id, blob, custom: false });
    } else await db.files.put({ id: row.id, blob });
    await markOnServer(db, [{ kind, itemId: row.id, rev: fetched.rev }]);
  });
  return blob;
}
