/**
 * LibraryDb version 9: each item's search terms move from their own `terms` row into the item row
 * (`ItemRow.search`), so a write stores one record per item instead of two. The step moves them and
 * the version drops the table. An item that somehow had no terms row gets none (its `search` stays
 * absent, which search reads as no terms, as the missing row was read before).
 */
import type { Transaction } from 'dexie';
import type { ItemRow, TermsRow } from '../storage/rows';

export async function moveTermsIntoItems(tx: Transaction): Promise<void> {
  const terms = new Map((await tx.table<TermsRow>('terms').toArray()).map(({ pk, terms, text }) => [pk, { terms, text }]));
  await tx.table<ItemRow>('items').toCollection().modify((row) => {
    const search = terms.get(row.pk);
    if (search) row.search = search;
  });
  await tx.table('terms').clear();
}
