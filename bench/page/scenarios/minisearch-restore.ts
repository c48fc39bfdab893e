/**
 * What an in-memory search library would pay on every service-worker restart: MiniSearch (pinned,
 * dev only) restoring an index of the seeded items (name, tags, annotation, url, folder names) from
 * its JSON, plus one search for the two-word AND query. The JSON is built and serialised once,
 * untimed; reading it from storage is not counted either (a floor for that design). Baseline: the
 * same query answered by our core in the page on a brand-new connection to the persistent index.
 */
import MiniSearch from 'minisearch';
import { itemQueryInput } from '../../../src/core/search/search.schema';
import { searchItems } from '../../../src/core/search/search.service';
import { repeat, timed } from '../repeat';
import { requireSeeded, type Scenario } from '../scenario';
import { searchSetup } from '../search-queries';
import { coldRuns } from './cold-start';
import { QUERY_LIMIT } from './item-query';

const OPTIONS = { idField: 'id', fields: ['name', 'tags', 'annotation', 'url', 'folders'] };

export const miniSearchRestore: Scenario = {
  id: 'minisearch-restore',
  label: 'MiniSearch: loadJSON + one search (what a restart costs)',
  unit: 'ms',
  async measure(ctx) {
    requireSeeded(ctx);
    const { docs, queries } = await searchSetup(ctx);
    const query = queries.and.query;
    let json = '';
    const buildMs = await timed(async () => {
      const index = new MiniSearch(OPTIONS);
      index.addAll(docs);
      json = JSON.stringify(index);
    });
    let hits = 0;
    ctx.closeDb();
    const measured = await repeat({
      runs: coldRuns(ctx.settings.runs),
      warmup: 1,
      subject: {
        run: async () => {
          hits = MiniSearch.loadJSON(json, OPTIONS).search(query, { combineWith: 'AND' }).length;
        },
      },
      baseline: {
        label: 'core in the page: new connection, searchItems',
        run: async () => {
          const db = await ctx.freshDb();
          await searchItems(db, itemQueryInput().parse({ query, limit: QUERY_LIMIT }));
          db.close();
        },
      },
    });
    const mb = (new Blob([json]).size / 1024 / 1024).toFixed(1);
    return {
      ...measured,
      note: `${docs.length} items, index JSON ${mb} MB (built in ${(buildMs / 1000).toFixed(1)} s, untimed); "${query}": ${hits} hits`,
    };
  },
};
