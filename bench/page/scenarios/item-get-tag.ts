/**
 * item/get with one tag filter and limit 50 (issue 3's goal: within 1.5× of the direct query and
 * under 20 ms median), warm. Checks first that both sides answer the same page.
 */
import type { ApiClient } from '../../../tests/loose-client';
import type { BenchContext } from '../context';
import { itemsWithTag, type Page } from '../direct-queries';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat } from '../repeat';
import { median } from '../../shared/stats';
import { orSkipWhenNotBuilt, requireSeeded, type Scenario } from '../scenario';

export const LIMIT = 50;

export const getByTag = (api: ApiClient, tag: string) => api.get<Page<{ id: string }>>('/item/get', { tags: tag, limit: LIMIT });

export const itemGetTag: Scenario = {
  id: 'item-get-tag',
  label: 'item/get, one tag, limit 50',
  unit: 'ms',
  goal: { maxRatio: 1.5, maxMedian: 20 },
  async measure(ctx) {
    const { queryTag, queryTagCount } = requireSeeded(ctx);
    const quiet = await waitForQuietLibrary(ctx);
    const db = await ctx.db();
    const note = `tag "${queryTag}" on ${queryTagCount} items; ${await sameAnswer(ctx, queryTag)}; ${quiet}`;
    const { others, ...measured } = await repeat({
      runs: ctx.settings.runs,
      subject: { run: () => getByTag(ctx.api, queryTag) },
      baseline: { label: 'Dexie in the page: tags index, reverse, limit + count', run: () => itemsWithTag(db, queryTag, LIMIT) },
      others: [{ label: 'the page alone', run: () => db.items.where('tags').equals(queryTag).reverse().limit(LIMIT).toArray() }],
    });
    return { ...measured, note: `${note}; ${pageAloneNote(others)}` };
  },
};

/** Compares the API's page with the direct query's, so the two sides are known to do the same work. */
export async function sameAnswer(ctx: BenchContext, tag: string): Promise<string> {
  const api = await orSkipWhenNotBuilt(getByTag(ctx.api, tag));
  const direct = await itemsWithTag(await ctx.db(), tag, LIMIT);
  const sameIds = api.data.map((item) => item.id).join() === direct.data.map((item) => item.id).join();
  return api.total === direct.total && sameIds
    ? `API and direct query agree (total ${api.total})`
    : `ANSWERS DIFFER: API total ${api.total} vs direct ${direct.total}, same page: ${sameIds}`;
}

/**
 * What the page costs IndexedDB alone (the same index walk, no count): the API keeps its totals,
 * so this, not the floor's count, is what its growth with the library compares with.
 */
export function pageAloneNote(others: { samples: number[] }[] | undefined): string {
  return `its ${LIMIT} rows alone off the index in the page: ${median(others?.[0]?.samples ?? []).toFixed(1)} ms in the same rounds`;
}
