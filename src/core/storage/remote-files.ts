/**
 * Where an item's original or thumbnail comes from when it is not on this device yet: a library
 * subscribed to a published one fetches it from the publisher's folder (publish/lazy-files.ts), a
 * syncing library from its CouchDB files database (sync/synced-files.ts). Each source answers
 * undefined for a library it does not serve; a fetched file is kept (db.files or db.thumbnails)
 * before it is answered, so it is fetched once. createApi (api.ts) hands the sources in, like the
 * write pipeline: item/file, item/thumbnail and the media jobs ask this one port.
 */
import type { LibraryDb } from './library-db';
import type { ItemRow } from './rows';

export type RemoteFileKind = 'original' | 'thumbnail';

export type RemoteFileSource = (db: LibraryDb, row: ItemRow, kind: RemoteFileKind) => Promise<Blob | undefined>;

/** The first source that has the file. */
export function firstRemoteFile(sources: readonly RemoteFileSource[]): RemoteFileSource {
  return async (db, row, kind) => {
    for (const source of sources) {
      const blob = await source(db, row, kind);
      if (blob) return blob;
    }
    return undefined;
  };
}
