/**
 * The same item/get answered by the same core running in the page, with no worker hop: splits the
 * service-worker row's cost into the core's share and the hop's. Baseline as for the worker row.
 */
import { LIBRARY_HEADER } from '../../../tests/loose-client';
import { itemsWithTag } from '../direct-queries';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat } from '../repeat';
import { requireSeeded, type Scenario } from '../scenario';
import { LIMIT } from './item-get-tag';

export const itemGetTagInPage: Scenario = {
  id: 'item-get-tag-in-page',
  label: 'item/get, one tag, limit 50, core in the page (no worker)',
  unit: 'ms',
  async measure(ctx) {
    const { queryTag } = requireSeeded(ctx);
    await waitForQuietLibrary(ctx);
    const db = await ctx.db();
    const url = new URL(`/api/v2/item/get?tags=${encodeURIComponent(queryTag)}&limit=${LIMIT}`, location.href);
    const headers = { [LIBRARY_HEADER]: ctx.library };
    return repeat({
      runs: ctx.settings.runs,
      subject: { run: async () => (await ctx.core.handle(new Request(url, { headers }))).json() },
      baseline: { label: 'Dexie in the page: tags index, reverse, limit + count', run: () => itemsWithTag(db, queryTag, LIMIT) },
    });
  },
};
