/**
 * Service-worker cold start to first answer: the driver stops the worker (CDP), then the page
 * times its next request, which has to start the worker again. Baseline: the warm answer.
 */
import { repeat } from '../repeat';
import type { Scenario } from '../scenario';

/** Cold runs stop and restart the worker each time, so they are fewer than warm ones. */
export const coldRuns = (runs: number) => Math.max(5, Math.min(15, Math.ceil(runs / 2)));

export const coldStart: Scenario = {
  id: 'cold-start-app-info',
  label: 'worker cold start → first answer (app/info)',
  unit: 'ms',
  async measure(ctx) {
    return repeat({
      runs: coldRuns(ctx.settings.runs),
      warmup: 1,
      subject: { before: () => ctx.driver.stopServiceWorker(), run: () => ctx.api.get('/app/info') },
      baseline: { label: 'warm app/info', run: () => ctx.api.get('/app/info') },
    });
  },
};
