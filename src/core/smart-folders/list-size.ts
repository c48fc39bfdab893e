/**
 * How long a posting list is at most, without reading its keys: its blocks counted (each holds at
 * most BLOCK_SIZE keys), plus a tail's most (term-packs.ts). narrow.ts weighs lists by it. Kept out
 * of the postings folder, whose writes it does not change (bench/driver/scale-cache.ts keys the
 * kept libraries by that folder's last commit).
 */
import Dexie from 'dexie';
import { BLOCK_SIZE } from '../postings/postings-store';
import { isPacked, TAIL_LIMIT } from '../postings/term-packs';
import type { LibraryDb } from '../storage/library-db';

export function listSizeBound(db: LibraryDb, list: string): Promise<number> {
  const blocks = db.postings.where('[list+fence]').between([list, ''], [list, Dexie.maxKey], true, true).count();
  return blocks.then((count) => count * BLOCK_SIZE + (isPacked(list) ? TAIL_LIMIT : 0));
}
