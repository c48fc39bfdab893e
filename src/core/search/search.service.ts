/**
 * item/query: full-text search over the persistent word index. `searchItems` takes the database
 * itself so that benchmarks and other areas can call it without a request.
 */
import { invalid } from '../http/errors';
import { pageOf, type Page } from '../http/pagination';
import { itemView, type ItemView } from '../items/item-view';
import { TRASHED } from '../storage/counts';
import type { LibraryDb } from '../storage/library-db';
import { QuerySyntaxError } from './query-ast';
import { QueryEvaluator } from './query-evaluator';
import { parseQuery } from './query-parser';
import { planQuery, type Plan } from './query-plan';
import type { ItemQueryInput } from './search.schema';

/** The plan of a query; bad syntax is a 400 naming `query` and the character. */
export function planOf(query: string): Plan | null {
  try {
    return planQuery(parseQuery(query));
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw invalid(`Field "query": ${error.message}.`);
    throw error;
  }
}

/** Keys of the items not in the trash that match the query, newest import first. */
export async function searchItemKeys(db: LibraryDb, query: string): Promise<string[]> {
  const plan = planOf(query);
  return db.transaction('r', db.items, db.terms, async () => {
    const [matches, trashed] = await Promise.all([
      new QueryEvaluator(db).matching(plan),
      db.items.where('facets').equals(TRASHED).primaryKeys(),
    ]);
    for (const key of trashed) matches.delete(key);
    // Keys are import time + id: descending key order is newest import first.
    return [...matches].sort().reverse();
  });
}

export async function searchItems(db: LibraryDb, input: ItemQueryInput): Promise<Page<ItemView>> {
  return db.transaction('r', db.tables, async () => {
    const keys = await searchItemKeys(db, input.query);
    const rows = await db.items.bulkGet(keys.slice(input.offset, input.offset + input.limit));
    return pageOf(
      rows.flatMap((row) => (row ? [itemView(row)] : [])),
      keys.length,
      input,
    );
  });
}
