/**
 * app/info through a running worker: the cost of the service-worker hop itself, since the
 * handler does no IndexedDB work. Baseline: the same core answering the same Request in the page.
 */
import { repeat } from '../repeat';
import type { Scenario } from '../scenario';

export const appInfoWarm: Scenario = {
  id: 'app-info-warm',
  label: 'app/info, warm worker',
  unit: 'ms',
  async measure(ctx) {
    const url = new URL('/api/v2/app/info', location.href);
    return repeat({
      runs: ctx.settings.runs,
      subject: { run: () => ctx.api.get('/app/info') },
      baseline: { label: 'same core in the page, no worker hop', run: async () => (await ctx.core.handle(new Request(url))).json() },
    });
  },
};
