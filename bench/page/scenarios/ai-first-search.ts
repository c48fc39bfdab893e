/**
 * The first search by meaning after the contract's call order (issue 43): a new library gets three
 * bookmarks, then `getSyncStatus` is asked until it says every item is covered (a status call is
 * a first AI use: it starts the models and the indexing), then `searchByText "invoice"`, which
 * must put the receipt first. The service worker is stopped and the page's media worker is new
 * before each run, so the models load as on a first visit (from the site's cache). The row is
 * the whole wait; the note splits it. Baseline: the same search once warm.
 */
import { ApiClient } from '../../../src/app/api-client';
import { startMediaHost } from '../../../src/app/media/media-host';
import { timed } from '../repeat';
import type { Scenario } from '../scenario';
import { coldRuns } from './cold-start';

const NOTES = ['receipt for the hotel bill', 'quarterly tax report', 'puppy playing in the park'];
type Status = { isSyncing: boolean; progress: number };
type Answer = { results: { item: { id: string } }[]; message?: string };

export const aiFirstMeaningSearch: Scenario = {
  id: 'ai-first-meaning-search',
  label: 'first searchByText "invoice" in a new library: status until ready, then the search (ms)',
  unit: 'ms',
  async measure(ctx) {
    const runs = coldRuns(ctx.settings.runs);
    const samples: number[] = [];
    const readyMs: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < runs; run++) {
      const api = new ApiClient({ library: await ctx.newLibrary(`first-search-${run}`, aiFirstMeaningSearch.id) });
      const { ids } = await api.post<{ ids: string[] }>('/item/add', { items: NOTES.map((annotation, i) => ({ name: `note ${i}`, annotation, bookmarkURL: `https://example.test/${i}` })) });
      await ctx.driver.stopServiceWorker();
      const host = startMediaHost();
      try {
        const search = () => api.post<Answer>('/aiSearch/searchByText', { query: 'invoice', limit: 3 });
        let answer: Answer | undefined;
        let ready = 0;
        const total = await timed(async () => {
          ready = await timed(async () => {
            while (true) {
              const status = await api.get<Status>('/aiSearch/getSyncStatus');
              if (!status.isSyncing && status.progress === 1) return;
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
          });
          answer = await search();
        });
        if (answer?.results[0]?.item.id !== ids[0]) throw new Error(`The first search by meaning did not put the receipt first: ${JSON.stringify(answer)}`);
        samples.push(total);
        readyMs.push(ready);
        warm.push(await timed(search));
      } finally {
        host.stop();
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {
      samples,
      baseline: { label: 'the same search, warm', samples: warm },
      note: `3 bookmarks; the status said ready after a median ${Math.round(median(readyMs))} ms (models loaded in a new page worker, items indexed), the search took the rest`,
    };
  },
};
