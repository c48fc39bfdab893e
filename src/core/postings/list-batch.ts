/**
 * Posting-list reads gathered before they are made: a smart folder's rules (up to 30 groups of 30,
 * each naming lists) ask for their lists first, then `flush` reads them all at once through
 * `readManyLists`, one pass per kind of list when there are many. A list asked for again, or after
 * the flush, is read once.
 */
import type { LibraryDb } from '../storage/library-db';
import { readList, readManyLists } from './postings-store';

export interface ListBatch {
  /** The keys of each of `lists` (repeats dropped), once the batch is flushed. */
  read: (lists: readonly string[]) => Promise<string[][]>;
  /** Reads every list asked for so far; later asks are read at once. */
  flush: () => Promise<void>;
}

export function listBatch(db: LibraryDb): ListBatch {
  const asked = new Map<string, Promise<string[]>>();
  const waiting = new Map<string, { resolve: (keys: string[]) => void; reject: (error: unknown) => void }>();
  let flushed = false;
  const one = (list: string): Promise<string[]> => {
    let keys = asked.get(list);
    if (!keys) {
      keys = flushed ? readList(db, list) : new Promise<string[]>((resolve, reject) => waiting.set(list, { resolve, reject }));
      asked.set(list, keys);
    }
    return keys;
  };
  return {
    read: (lists) => Promise.all([...new Set(lists)].map(one)),
    flush: async () => {
      flushed = true;
      if (waiting.size === 0) return;
      const pending = [...waiting];
      waiting.clear();
      try {
        const read = await readManyLists(db, pending.map(([list]) => list));
        for (const [list, { resolve }] of pending) resolve(read.get(list) ?? []);
      } catch (error) {
        for (const [, { reject }] of pending) reject(error);
      }
    },
  };
}
