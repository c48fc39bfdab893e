/**
 * item/query: full-text search over the persistent word index. `searchItems` and
 * `searchCandidates` take the database itself so that benchmarks and other areas can call them
 * without a request.
 */
import { invalid } from '../http/errors';
import type { Page } from '../http/pagination';
import { API_PREFIX } from '../http/router';
import type { Candidates } from '../listing/filters';
import { pageOfItems } from '../listing/page';
import type { ItemLinks, ItemView } from '../listing/item-view';
import { readTrashedKeys } from '../postings/postings-store';
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
    if (error instanceof QuerySyntaxError) throw invalid(`query: ${error.message}.`);
    throw error;
  }
}

/** The items matching the query, in ascending key order (null: every item), minus the trash. */
export async function searchCandidates(db: LibraryDb, query: string): Promise<Candidates> {
  const plan = planOf(query);
  return db.transaction('r', db.items, db.postings, async () => {
    const [matches, exclude] = await Promise.all([plan ? new QueryEvaluator(db).matching(plan) : null, readTrashedKeys(db)]);
    return { pks: matches ? [...matches] : null, exclude };
  });
}

/** One page of matches, newest import first unless `orderBy` says otherwise, with the exact total. */
export async function searchItems(db: LibraryDb, input: ItemQueryInput, links: ItemLinks = { apiPrefix: API_PREFIX }): Promise<Page<Partial<ItemView>>> {
  return db.transaction('r', db.tables, async () => pageOfItems(db, links, await searchCandidates(db, input.query), input, input.orderBy));
}
