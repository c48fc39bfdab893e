/**
 * Dexie upgrade step (LibraryDb version 10): packs written since version 8 hold each tail as an
 * array of keys; since version 10 as one front-coded string (front-coding.ts, term-packs.ts). Each
 * pack with an array tail is rewritten in place, same fence, same lists, same bounds. Packs already
 * coded (written by an earlier step of the same upgrade) are left alone.
 */
import type { Transaction } from 'dexie';
import type { PackRow, PostingRow } from '../storage/rows';
import { entriesOf, everyPack, toPack } from './term-packs';

/** A pack as versions 8 and 9 stored it. */
type ArrayPackRow = Omit<PackRow, 'lists'> & { lists: Record<string, string[] | string> };

export async function frontCodeTails(tx: Transaction): Promise<void> {
  const postings = tx.table<PostingRow | PackRow | ArrayPackRow, [string, string]>('postings');
  const packs = (await everyPack(postings).toArray()) as ArrayPackRow[];
  const old = packs.filter((pack) => Object.values(pack.lists).some((tail) => typeof tail !== 'string'));
  if (old.length === 0) return;
  await postings.bulkPut(old.map((pack) => toPack(pack.fence, entriesOf(pack))));
}
