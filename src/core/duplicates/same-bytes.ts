/**
 * Sets of live items holding the same bytes, from the files' `sha256` index (read key-only: no
 * blob is touched). Files stored without a hash (an Eagle import, a sync, a library older than the
 * hash) get theirs first, as at the door: only files whose size another item shares can be equal.
 */
import { fillStoredHashes } from '../storage/stored-hashes';
import type { LibraryDb } from '../storage/library-db';

export async function sameBytes(db: LibraryDb, live: (id: string) => boolean): Promise<string[][]> {
  await hashUnhashed(db);
  const hashes = (await db.files.orderBy('sha256').keys()) as string[];
  const ids = (await db.files.orderBy('sha256').primaryKeys()) as string[];
  const sets: string[][] = [];
  for (let start = 0; start < hashes.length; ) {
    let end = start + 1;
    while (end < hashes.length && hashes[end] === hashes[start]) end += 1;
    if (end - start > 1) {
      const set = ids.slice(start, end).filter(live);
      if (set.length > 1) sets.push(set);
    }
    start = end;
  }
  return sets;
}

async function hashUnhashed(db: LibraryDb): Promise<void> {
  if ((await db.files.count()) === (await db.files.orderBy('sha256').count())) return;
  const hashed = new Set((await db.files.orderBy('sha256').primaryKeys()) as string[]);
  const unhashed = ((await db.files.toCollection().primaryKeys()) as string[]).filter((id) => !hashed.has(id));
  const sizes = new Set((await db.items.where('id').anyOf(unhashed).toArray()).map((row) => row.size));
  // One key-only walk of the size index counts every size at once.
  const counts = new Map<number, number>();
  for (const size of (await db.items.orderBy('size').keys()) as number[]) counts.set(size, (counts.get(size) ?? 0) + 1);
  const shared = [...sizes].filter((size) => (counts.get(size) ?? 0) > 1);
  if (shared.length) await fillStoredHashes(db, shared);
}
