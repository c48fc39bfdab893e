/**
 * item/query (full-text search, limit 50) on the seeded library, one row per query kind: a word,
 * a two-word AND, an OR, a phrase and a negation (words chosen from the seeded text, see
 * search-queries.ts). Warm rows alternate with the same query answered by the core in the page
 * (`searchItems` on the worker's database); cold rows stop the worker before each request, against
 * a brand-new connection in the page. The issue's goals sit on the AND rows: warm under 25 ms,
 * cold under 60 ms.
 */
import type { ApiClient } from '../../../tests/loose-client';
import { itemQueryInput } from '../../../src/core/search/search.schema';
import { searchItems } from '../../../src/core/search/search.service';
import type { LibraryDb } from '../../../src/core/storage/library-db';
import type { Goal } from '../../shared/protocol';
import type { BenchContext } from '../context';
import type { Page } from '../direct-queries';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat } from '../repeat';
import { orSkipWhenNotBuilt, requireSeeded, type Scenario } from '../scenario';
import { searchSetup, type QueryKind } from '../search-queries';
import { median } from '../../shared/stats';
import { termListsOf } from '../term-lists-floor';
import { coldRuns } from './cold-start';

export const QUERY_LIMIT = 50;

const KINDS: ReadonlyArray<{ kind: QueryKind; label: string; warmGoal?: Goal; coldGoal?: Goal }> = [
  { kind: 'word', label: 'one word' },
  { kind: 'and', label: 'two-word AND', warmGoal: { maxMedian: 25 }, coldGoal: { maxMedian: 60 } },
  { kind: 'or', label: 'OR' },
  { kind: 'phrase', label: 'phrase' },
  { kind: 'not', label: 'negation' },
];

const queryApi = (api: ApiClient, query: string) => api.post<Page<{ id: string }>>('/item/query', { query, limit: QUERY_LIMIT });
const queryInPage = (db: LibraryDb, query: string) => searchItems(db, itemQueryInput().parse({ query, limit: QUERY_LIMIT }));

/** Compares the worker's page of results with the core's in the page. */
async function agreement(ctx: BenchContext, query: string): Promise<string> {
  const api = await orSkipWhenNotBuilt(queryApi(ctx.api, query));
  const direct = await queryInPage(await ctx.db(), query);
  const sameIds = api.data.map((item) => item.id).join() === direct.data.map((item) => item.id!).join();
  return api.total === direct.total && sameIds
    ? `${api.total} matches, worker and page agree`
    : `ANSWERS DIFFER: worker total ${api.total} vs page ${direct.total}, same page: ${sameIds}`;
}

function warmRow(kind: QueryKind, label: string, goal?: Goal): Scenario {
  return {
    id: `item-query-${kind}`,
    label: `item/query, ${label}, limit 50`,
    unit: 'ms',
    ...(goal ? { goal } : {}),
    async measure(ctx) {
      requireSeeded(ctx);
      const quiet = await waitForQuietLibrary(ctx);
      const setup = await searchSetup(ctx);
      const { query } = setup.queries[kind];
      const db = await ctx.db();
      const note = `${query}: ${await agreement(ctx, query)}${kind === 'word' ? `; ${quiet}; words chosen ${setup.summary}` : ''}`;
      const readLists = termListsOf(db, query);
      const keys = await readLists();
      const { others, ...measured } = await repeat({
        runs: ctx.settings.runs,
        subject: { run: () => queryApi(ctx.api, query) },
        baseline: { label: 'core in the page: searchItems on the same database', run: () => queryInPage(db, query) },
        others: [{ label: 'its term lists read whole in the page', run: readLists }],
      });
      const lists = median(others?.[0]?.samples ?? []);
      return { ...measured, note: `${note}; its term lists (${keys} keys) read whole in the page: ${lists.toFixed(1)} ms in the same rounds` };
    },
  };
}

function coldRow(kind: QueryKind, label: string, goal?: Goal): Scenario {
  return {
    id: `item-query-${kind}-cold`,
    label: `item/query, ${label}, cold worker`,
    unit: 'ms',
    ...(goal ? { goal } : {}),
    async measure(ctx) {
      requireSeeded(ctx);
      const { query } = (await searchSetup(ctx)).queries[kind];
      ctx.closeDb();
      const measured = await repeat({
        runs: coldRuns(ctx.settings.runs),
        warmup: 1,
        subject: { before: () => ctx.driver.stopServiceWorker(), run: () => queryApi(ctx.api, query) },
        baseline: {
          label: 'core in the page: new connection, searchItems',
          before: () => ctx.driver.stopServiceWorker(),
          run: async () => {
            const db = await ctx.freshDb();
            await queryInPage(db, query);
            db.close();
          },
        },
      });
      return { ...measured, note: query };
    },
  };
}

export const itemQueryWarm: Scenario[] = KINDS.map(({ kind, label, warmGoal }) => warmRow(kind, label, warmGoal));
export const itemQueryCold: Scenario[] = KINDS.map(({ kind, label, coldGoal }) => coldRow(kind, label, coldGoal));
