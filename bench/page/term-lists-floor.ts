/**
 * What a word query cannot avoid while it counts its matches exactly: reading its term lists
 * whole. Timed beside item/query in the same rounds, it shows how much of a query row's growth
 * with the library its inputs alone account for (the lists grow with the items that hold a word).
 */
import { termList } from '../../src/core/postings/posting-lists';
import { readList, readListsStartingWith } from '../../src/core/postings/postings-store';
import type { Lookup, Plan } from '../../src/core/search/query-plan';
import { planOf } from '../../src/core/search/search.service';
import type { LibraryDb } from '../../src/core/storage/library-db';

function lookupsOf(plan: Plan | null): Lookup[] {
  if (!plan) return [];
  if (plan.type === 'match') return plan.lookups;
  if (plan.type === 'not') return lookupsOf(plan.operand);
  return plan.operands.flatMap(lookupsOf);
}

/** Reads every term list `query` looks up, as item/query reads them; answers how many keys they hold. */
export function termListsOf(db: LibraryDb, query: string): () => Promise<number> {
  const lookups = lookupsOf(planOf(query));
  return async () => {
    const lists = await Promise.all(lookups.map((lookup) => (lookup.prefix ? readListsStartingWith : readList)(db, termList(lookup.term))));
    return lists.reduce((keys, list) => keys + list.length, 0);
  };
}
