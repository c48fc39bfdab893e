/** item/countAll, warm, against the same two index counts in the page (issue 3's goal applies). */
import { countLive } from '../direct-queries';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat } from '../repeat';
import { orSkipWhenNotBuilt, requireSeeded, type Scenario } from '../scenario';

export const itemCountAll: Scenario = {
  id: 'item-count-all',
  label: 'item/countAll',
  unit: 'ms',
  goal: { maxRatio: 1.5, maxMedian: 20 },
  async measure(ctx) {
    const { count } = requireSeeded(ctx);
    await waitForQuietLibrary(ctx);
    const db = await ctx.db();
    const answered = await orSkipWhenNotBuilt(ctx.api.get<number>('/item/countAll'));
    const direct = await countLive(db);
    const note = answered === direct && direct === count ? `both count ${count}` : `COUNTS DIFFER: API ${answered}, direct ${direct}, seeded ${count}`;
    const measured = await repeat({
      runs: ctx.settings.runs,
      subject: { run: () => ctx.api.get<number>('/item/countAll') },
      baseline: { label: 'Dexie in the page: count − trashed count', run: () => countLive(db) },
    });
    return { ...measured, note };
  },
};
