/**
 * A subscribed library's thumbnails and originals, fetched the first time they are asked for and
 * kept (in the same tables as any library's), so what a visitor saw is there offline. Where each
 * is comes with the item row (`publishedFiles`, written with its shard).
 */
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileSource } from '../storage/remote-files';
import type { ItemRow } from '../storage/rows';
import { fetchChecked, type Fetch } from './fetch-published';
import { readSubscription } from './subscription-state';

const THUMBNAIL_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

export async function fetchPublishedFile(db: LibraryDb, row: ItemRow, kind: 'thumbnail' | 'original', fetch: Fetch): Promise<Blob | undefined> {
  const file = row.publishedFiles?.[kind];
  const subscription = file && (await readSubscription(db));
  if (!file || !subscription) return undefined;
  const bytes = await fetchChecked(fetch, subscription.base, file);
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: kind === 'thumbnail' ? (THUMBNAIL_TYPES[file.split('.').pop()!] ?? 'image/png') : row.mime });
  // Stored only while the item still points at these bytes (an update may have moved on).
  await db.transaction('rw', db.items, db.thumbnails, db.files, async () => {
    if ((await db.items.where('id').equals(row.id).first())?.publishedFiles?.[kind] !== file) return;
    if (kind === 'thumbnail') await db.thumbnails.put({ id: row.id, blob, custom: false });
    else await db.files.put({ id: row.id, blob });
  });
  return blob;
}

/** The published library's files as a remote file source (storage/remote-files.ts). */
export const publishedFiles =
  (fetch: Fetch): RemoteFileSource =>
  (db, row, kind) =>
    fetchPublishedFile(db, row, kind, fetch);
