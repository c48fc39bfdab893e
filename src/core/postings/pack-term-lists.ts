/**
 * Dexie upgrade step (LibraryDb version 7): a library made before term-list packs keeps every term
 * list in blocks of its own. Small term lists (at most TAIL_LIMIT keys) move into packs as tails,
 * their blocks deleted; bigger ones stay and are named in their pack's `big` (term-packs.ts, the
 * layout of version 8; that step then only bounds tag and folder lists and lays the packs out again). Item lists are left as they are. A
 * library whose postings already have packs (built by the version 2 step in the same upgrade) is
 * left alone.
 */
import type { Transaction } from 'dexie';
import type { PackRow, PostingRow } from '../storage/rows';
import { everyPack, isPacked, packedLayout } from './term-packs';

export async function packTermLists(tx: Transaction): Promise<void> {
  const postings = tx.table<PostingRow | PackRow, [string, string]>('postings');
  if (await everyPack(postings).first()) return;
  const blocks = (await postings.where('[list+fence]').between(['term:', ''], ['term:\uffff', ''], true, false).toArray()) as PostingRow[];
  const lists = new Map<string, string[]>();
  for (const block of blocks.filter((row) => isPacked(row.list))) {
    const pks = lists.get(block.list);
    if (pks) pks.push(...block.pks); // blocks come in [list+fence] order: keys stay ascending
    else lists.set(block.list, [...block.pks]);
  }
  // Big lists keep their blocks: the layout's blocks for them are left out, their packs name them.
  const packs = packedLayout(lists, () => []) as PackRow[];
  const packedNames = new Set(packs.flatMap((pack) => Object.keys(pack.lists)));
  await postings.bulkDelete(blocks.filter((block) => packedNames.has(block.list)).map((block) => [block.list, block.fence] as [string, string]));
  await postings.bulkAdd(packs);
}
