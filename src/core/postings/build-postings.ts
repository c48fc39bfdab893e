/**
 * Builds every posting list at once from the stored items and their search terms: the upgrade of a
 * library made before posting lists existed (LibraryDb version 2, when the terms were rows of their
 * own), and the reference the tests compare the incrementally kept lists with (the terms in the
 * item rows).
 */
import type { Transaction } from 'dexie';
import type { ItemRow, PackRow, PostingRow, TermsRow } from '../storage/rows';
import { itemLists, termList } from './posting-lists';
import { ascendingUnique } from './key-sets';
import { blocksFor } from './postings-store';
import { packedLayout } from './term-packs';

/** An item's search terms. */
export type TermsOf = (item: ItemRow) => readonly string[];

/** The terms kept in the item row (LibraryDb version 9 on). */
export const termsInRow: TermsOf = (item) => item.search?.terms ?? [];

/** Every list as packs and blocks (term-packs.ts), from the rows alone. */
export function postingsOf(items: readonly ItemRow[], termsOf: TermsOf = termsInRow): (PostingRow | PackRow)[] {
  const byList = new Map<string, string[]>();
  for (const item of items) {
    for (const list of new Set([...itemLists(item), ...termsOf(item).map(termList)])) {
      const pks = byList.get(list);
      if (pks) pks.push(item.pk);
      else byList.set(list, [item.pk]);
    }
  }
  const sorted = new Map([...byList].map(([list, pks]) => [list, ascendingUnique(pks)]));
  return packedLayout(sorted, (list, pks) => blocksFor(list, '', pks));
}

/** Dexie upgrade step: fills the new postings table from the items and terms tables. */
export async function buildPostings(tx: Transaction): Promise<void> {
  const [items, terms] = await Promise.all([tx.table<ItemRow>('items').toArray(), tx.table<TermsRow>('terms').toArray()]);
  const termsByPk = new Map(terms.map((row) => [row.pk, row.terms]));
  await tx.table<PostingRow | PackRow>('postings').bulkAdd(postingsOf(items, (item) => termsByPk.get(item.pk) ?? []));
}
