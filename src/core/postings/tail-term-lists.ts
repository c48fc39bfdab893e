/**
 * Dexie upgrade step (LibraryDb version 8): packs made by version 7 hold whole small term lists (up
 * to 256 keys) and name the lists in blocks in a `big` array. Since version 8 a pack holds each
 * term list's tail, at most TAIL_LIMIT keys, and `big` maps a list with blocks to the bound between
 * its blocks and its tail (term-packs.ts). Each old pack is rewritten that way: a packed list over
 * TAIL_LIMIT keys moves to a block of its own, a big list's bound is its last block's last key.
 * Packs already in the new layout (written by the version 2 or 7 step of the same upgrade) are
 * left alone.
 */
import Dexie, { type Transaction } from 'dexie';
import type { PackRow, PostingRow } from '../storage/rows';
import { blocksFor } from './postings-store';
import { PACKS_LIST, packsFor, TAIL_LIMIT, type PackedEntry } from './term-packs';

/** A version 7 pack: `big` names its lists in blocks. */
type OldPackRow = Omit<PackRow, 'big'> & { big: string[] };

export async function tailTermLists(tx: Transaction): Promise<void> {
  const postings = tx.table<PostingRow | PackRow | OldPackRow, [string, string]>('postings');
  const packs = (await postings.where('[list+fence]').between([PACKS_LIST, ''], [PACKS_LIST, Dexie.maxKey], true, true).toArray()) as (PackRow | OldPackRow)[];
  const old = packs.filter((pack): pack is OldPackRow => Array.isArray(pack.big));
  const lastBlocks = await Promise.all(
    old.flatMap((pack) => pack.big).map((list) => postings.where('[list+fence]').between([list, ''], [list, Dexie.maxKey], true, true).last() as Promise<PostingRow | undefined>),
  );
  const boundOf = new Map(lastBlocks.flatMap((block) => (block ? [[block.list, block.pks[block.pks.length - 1]!] as const] : [])));
  const rows: (PostingRow | PackRow)[] = [];
  const empty: [string, string][] = [];
  for (const pack of old) {
    const entries = new Map<string, PackedEntry>();
    for (const [list, pks] of Object.entries(pack.lists)) {
      if (pks.length <= TAIL_LIMIT) entries.set(list, { tail: pks });
      else {
        rows.push(...blocksFor(list, '', pks));
        entries.set(list, { tail: [], after: pks[pks.length - 1]! });
      }
    }
    for (const list of pack.big) {
      const after = boundOf.get(list);
      if (after !== undefined) entries.set(list, { tail: [], after });
    }
    if (entries.size) rows.push(...packsFor(pack.fence, entries));
    else empty.push([PACKS_LIST, pack.fence]);
  }
  if (empty.length) await postings.bulkDelete(empty);
  await postings.bulkPut(rows);
}
