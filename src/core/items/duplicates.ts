/**
 * Duplicates at the door: which new files hold bytes the library already has. Hashing runs before
 * the write transaction (crypto.subtle is not an IndexedDB request, so awaiting it inside one would
 * end it); the look-up by hash runs inside it. Files stored before hashes were kept get theirs here,
 * on first need: only files of a size some new file has can be equal, and the items' size index
 * finds them. Both steps read what one holder per hash needs, never every copy: a library with a
 * thousand copies of one icon pays for one.
 */
import type { LibraryDb } from '../storage/library-db';
import { contentHash } from '../shared/content-hash';
import { fillStoredHashes } from '../storage/stored-hashes';

export { fillStoredHashes };

/**
 * Hashes the new blobs (undefined stays undefined). Stored files without a hash get theirs when
 * they could be the only copy of a new file's bytes: same size, and no live hashed holder.
 */
export async function hashNewFiles(db: LibraryDb, blobs: readonly (Blob | undefined)[]): Promise<(string | undefined)[]> {
  const hashes = await Promise.all(blobs.map((blob) => (blob ? contentHash(blob) : undefined)));
  const held = await liveHolders(db, hashes);
  const sizes = [...new Set(blobs.flatMap((blob, index) => (blob && !held.has(hashes[index]!) ? [blob.size] : [])))];
  if (sizes.length) await fillStoredHashes(db, sizes);
  return hashes;
}

/**
 * For each new file, the id of a live (not trashed) item holding the same bytes: one already
 * stored, or an earlier file of the same batch; null when there is none. Call inside the write.
 */
export async function findDuplicates(db: LibraryDb, ids: readonly string[], hashes: readonly (string | undefined)[]): Promise<(string | null)[]> {
  const holder = await liveHolders(db, hashes);
  return hashes.map((hash, index) => {
    if (hash === undefined) return null;
    const found = holder.get(hash);
    if (!found) holder.set(hash, ids[index]!);
    return found ?? null;
  });
}

/**
 * The lowest id of a live item holding each hash. Each round asks the sha256 index for one more
 * candidate per hash, key-only, and reads those items' rows: one request and one row per hash
 * when its first holder is live, however many copies the library holds.
 */
async function liveHolders(db: LibraryDb, hashes: readonly (string | undefined)[]): Promise<Map<string, string>> {
  let open = [...new Set(hashes.filter((hash): hash is string => hash !== undefined))];
  const holder = new Map<string, string>();
  for (let round = 0; open.length > 0; round++) {
    const candidates = await Promise.all(open.map((hash) => db.files.where('sha256').equals(hash).offset(round).limit(1).primaryKeys()));
    const next = open.flatMap((hash, index) => (candidates[index]!.length ? [[hash, candidates[index]![0] as string] as const] : []));
    if (next.length === 0) break;
    const live = new Set((await db.items.where('id').anyOf(next.map(([, id]) => id)).toArray()).filter((row) => !row.isDeleted).map((row) => row.id));
    for (const [hash, id] of next) if (live.has(id)) holder.set(hash, id);
    open = next.flatMap(([hash]) => (holder.has(hash) ? [] : [hash]));
  }
  return holder;
}
