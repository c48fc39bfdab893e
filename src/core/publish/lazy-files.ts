/**
 * A subscribed library's thumbnails and originals, fetched the first time they are asked for and
 * kept (in the same tables as any library's), so what a visitor saw is there offline.
 */
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileSource } from '../storage/remote-files';
import { fetchChecked, type Fetch } from './fetch-published';
import { readItemFiles, readSubscription } from './subscription-state';

const THUMBNAIL_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** `type`: the original's MIME type (a thumbnail's comes from its name). */
export async function fetchPublishedFile(db: LibraryDb, id: string, kind: 'thumbnail' | 'original', fetch: Fetch, type = ''): Promise<Blob | undefined> {
  const file = (await readItemFiles(db, id))?.[kind];
  const subscription = file && (await readSubscription(db));
  if (!file || !subscription) return undefined;
  const bytes = await fetchChecked(fetch, subscription.base, file);
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: kind === 'thumbnail' ? (THUMBNAIL_TYPES[file.split('.').pop()!] ?? 'image/png') : type });
  // Stored only while the item still points at these bytes (an update may have moved on).
  await db.transaction('rw', db.state, db.thumbnails, db.files, async () => {
    if ((await readItemFiles(db, id))?.[kind] !== file) return;
    if (kind === 'thumbnail') await db.thumbnails.put({ id, blob, custom: false });
    else await db.files.put({ id, blob });
  });
  return blob;
}

/** The published library's files as a remote file source (storage/remote-files.ts). */
export const publishedFiles =
  (fetch: Fetch): RemoteFileSource =>
  (db, row, kind) =>
    fetchPublishedFile(db, row.id, kind, fetch, row.mime);
