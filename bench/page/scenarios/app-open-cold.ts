/**
 * What a worker's cold start costs a person: the web app opened in a frame while the worker is
 * stopped (as a browser stops an idle one), from the frame's navigation to its first screen
 * painted. The navigation, the app's scripts and every request the app makes at start (the
 * sidebar's folders, smart folders and tags, the library, the grid's first page and thumbnails)
 * meet the starting worker. Baseline: the same with the worker running and its core loaded.
 * The cold-start row times one request (app/info, which the boot script answers alone); this
 * row is the start a person sees.
 */
import { firstScreenPainted, nextFrame, openAppFrame } from '../app-frame';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat } from '../repeat';
import { requireSeeded, type Scenario } from '../scenario';
import { coldRuns } from './cold-start';

export const appOpenCold: Scenario = {
  id: 'app-open-cold',
  label: 'the app opened on a stopped worker → first screen painted',
  unit: 'ms',
  async measure(ctx) {
    requireSeeded(ctx);
    await waitForQuietLibrary(ctx);
    await ctx.api.post('/library/switch', { libraryPath: ctx.library });
    let cells = 0;
    const open = async () => {
      const app = await openAppFrame(ctx, '?sort=-IMPORT', ctx.library, { libraryIsCurrent: true });
      try {
        while (!firstScreenPainted(app)) await nextFrame(app.win);
        cells = app.doc.querySelectorAll('[role=gridcell]').length;
      } finally {
        app.close();
      }
    };
    const measured = await repeat({
      runs: coldRuns(ctx.settings.runs),
      warmup: 1,
      subject: { before: () => ctx.driver.stopServiceWorker(), run: open },
      baseline: {
        label: 'the same, the worker running with its core loaded',
        before: async () => {
          await ctx.api.get('/item/countAll');
        },
        run: open,
      },
    });
    return { ...measured, note: `${cells} cells rendered at the bench page's size; the clock runs from the frame's creation` };
  },
};
