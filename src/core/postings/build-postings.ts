/**
 * Builds every posting list at once from the stored items and their search terms: the upgrade of a
 * library made before posting lists existed (LibraryDb version 2), and the reference the tests
 * compare the incrementally kept lists with.
 */
import type { Transaction } from 'dexie';
import type { ItemRow, PostingRow, TermsRow } from '../storage/rows';
import { itemLists, termList } from './posting-lists';
import { ascendingUnique } from './key-sets';
import { blocksFor } from './postings-store';

export function postingsOf(items: readonly ItemRow[], terms: readonly TermsRow[]): PostingRow[] {
  const termsByPk = new Map(terms.map((row) => [row.pk, row.terms]));
  const byList = new Map<string, string[]>();
  for (const item of items) {
    for (const list of new Set([...itemLists(item), ...(termsByPk.get(item.pk) ?? []).map(termList)])) {
      const pks = byList.get(list);
      if (pks) pks.push(item.pk);
      else byList.set(list, [item.pk]);
    }
  }
  return [...byList].flatMap(([list, pks]) => blocksFor(list, '', ascendingUnique(pks)));
}

/** Dexie upgrade step: fills the new postings table from the items and terms tables. */
export async function buildPostings(tx: Transaction): Promise<void> {
  const [items, terms] = await Promise.all([tx.table<ItemRow>('items').toArray(), tx.table<TermsRow>('terms').toArray()]);
  await tx.table<PostingRow>('postings').bulkAdd(postingsOf(items, terms));
}
