/**
 * Dexie upgrade step (LibraryDb version 8): packs made by version 7 hold whole small term lists (up
 * to 256 keys) and name the term lists in blocks in a `big` array, and tag and folder lists are all
 * in blocks. Since version 8 a pack holds the tail of each term, tag and folder list, at most
 * TAIL_LIMIT keys, and `big` maps each such list with blocks to the bound between its blocks and its
 * tail (term-packs.ts). So: a packed list over TAIL_LIMIT keys moves to a block of its own, and every
 * list with blocks gets its last block's last key as bound; the packs are then laid out afresh.
 * Packs already in the new layout (written by the version 2 or 7 step of the same upgrade) are kept.
 * The packs it writes hold front-coded tails, the layout of version 10, whose step then finds
 * nothing to do.
 */
import Dexie, { type Transaction } from 'dexie';
import type { PackRow, PostingRow } from '../storage/rows';
import { blocksFor } from './postings-store';
import { entriesOf, everyPack, isPacked, PACKS_LIST, packsFor, TAIL_LIMIT, type HeldEntry } from './term-packs';

/** A version 7 pack: whole lists as arrays of keys, `big` names its lists in blocks. */
type OldPackRow = Pick<PackRow, 'list' | 'fence'> & { lists: Record<string, string[]>; big: string[] };

export async function tailTermLists(tx: Transaction): Promise<void> {
  const postings = tx.table<PostingRow | PackRow | OldPackRow, [string, string]>('postings');
  const packRange = () => everyPack(postings);
  const packs = (await packRange().toArray()) as (PackRow | OldPackRow)[];
  const keys = (await postings.toCollection().primaryKeys()) as [string, string][];
  const withBlocks = new Set(keys.flatMap(([list]) => (list !== PACKS_LIST && isPacked(list) ? [list] : [])));

  const entries = new Map<string, HeldEntry>();
  const blocks: PostingRow[] = [];
  let changed = false;
  for (const pack of packs) {
    if (!Array.isArray(pack.big)) {
      for (const [list, entry] of entriesOf(pack as PackRow)) entries.set(list, entry);
      continue;
    }
    changed = true;
    for (const [list, pks] of Object.entries(pack.lists)) {
      if (pks.length <= TAIL_LIMIT) entries.set(list, { tail: pks });
      else {
        blocks.push(...blocksFor(list, '', pks));
        entries.set(list, { tail: [], after: pks[pks.length - 1]! });
      }
    }
  }
  const unbounded = [...withBlocks].filter((list) => entries.get(list)?.after === undefined);
  // No await of an already-settled Promise.all([]): fake-indexeddb could commit before the delete below.
  const lasts = unbounded.length === 0 ? [] : await Promise.all(unbounded.map((list) => postings.where('[list+fence]').between([list, ''], [list, Dexie.maxKey], true, true).last() as Promise<PostingRow | undefined>));
  unbounded.forEach((list, i) => {
    const last = lasts[i];
    if (last) entries.set(list, { tail: entries.get(list)?.tail ?? [], after: last.pks[last.pks.length - 1]! });
  });
  if (!changed && unbounded.length === 0) return;
  await packRange().delete();
  await postings.bulkPut([...blocks, ...packsFor('', entries)]);
}
