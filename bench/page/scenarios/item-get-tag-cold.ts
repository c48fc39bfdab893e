/**
 * item/get (one tag, limit 50) as the first request after the worker was stopped: worker start,
 * database open and query. Baseline: the same query on a brand-new connection opened in the page.
 * Both sides start with no connection open (the page closes its own, the worker is stopped
 * before each side), so neither finds the database already open.
 */
import { itemsWithTag } from '../direct-queries';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat } from '../repeat';
import { requireSeeded, type Scenario } from '../scenario';
import { coldRuns } from './cold-start';
import { getByTag, LIMIT, sameAnswer } from './item-get-tag';

export const itemGetTagCold: Scenario = {
  id: 'item-get-tag-cold',
  label: 'item/get, one tag, limit 50, cold worker',
  unit: 'ms',
  async measure(ctx) {
    const { queryTag } = requireSeeded(ctx);
    await waitForQuietLibrary(ctx);
    const agreement = await sameAnswer(ctx, queryTag);
    ctx.closeDb();
    return {
      ...(await repeat({
        runs: coldRuns(ctx.settings.runs),
        warmup: 1,
        subject: { before: () => ctx.driver.stopServiceWorker(), run: () => getByTag(ctx.api, queryTag) },
        baseline: {
          label: 'Dexie in the page: new connection, same query',
          before: () => ctx.driver.stopServiceWorker(),
          run: async () => {
            const db = await ctx.freshDb();
            await itemsWithTag(db, queryTag, LIMIT);
            db.close();
          },
        },
      })),
      note: agreement,
    };
  },
};
