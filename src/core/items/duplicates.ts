/**
 * Duplicates at the door: which new files hold bytes the library already has. Hashing runs before
 * the write transaction (crypto.subtle is not an IndexedDB request, so awaiting it inside one would
 * end it); the look-up by hash runs inside it. Files stored before hashes were kept get theirs here,
 * on first need: only files of a size some new file has can be equal, and the items' size index
 * finds them.
 */
import type { LibraryDb } from '../storage/library-db';
import { contentHash } from '../shared/content-hash';
import { fillStoredHashes } from '../storage/stored-hashes';

export { fillStoredHashes };

/** Hashes the new blobs (undefined stays undefined) and fills the hashes of stored files of the same sizes. */
export async function hashNewFiles(db: LibraryDb, blobs: readonly (Blob | undefined)[]): Promise<(string | undefined)[]> {
  const hashes = await Promise.all(blobs.map((blob) => (blob ? contentHash(blob) : undefined)));
  const sizes = [...new Set(blobs.flatMap((blob) => (blob ? [blob.size] : [])))];
  if (sizes.length) await fillStoredHashes(db, sizes);
  return hashes;
}

/**
 * For each new file, the id of a live (not trashed) item holding the same bytes: one already
 * stored, or an earlier file of the same batch; null when there is none. Call inside the write.
 */
export async function findDuplicates(db: LibraryDb, ids: readonly string[], hashes: readonly (string | undefined)[]): Promise<(string | null)[]> {
  const wanted = [...new Set(hashes.filter((hash): hash is string => hash !== undefined))];
  const stored = wanted.length ? await db.files.where('sha256').anyOf(wanted).toArray() : [];
  const live = new Set(
    (await db.items.where('id').anyOf(stored.map((file) => file.id)).toArray()).filter((row) => !row.isDeleted).map((row) => row.id),
  );
  const holder = new Map<string, string>();
  for (const file of stored.sort((a, b) => (a.id < b.id ? -1 : 1))) if (live.has(file.id) && !holder.has(file.sha256!)) holder.set(file.sha256!, file.id);
  return hashes.map((hash, index) => {
    if (hash === undefined) return null;
    const found = holder.get(hash);
    if (!found) holder.set(hash, ids[index]!);
    return found ?? null;
  });
}
