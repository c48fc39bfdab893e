/**
 * What the bulk editor reads to show a selection of 10,000 items (all, below N): their tags,
 * folders, rating and trash state through item/get, 1000 ids a request, each run asked twice (as is
 * and in the trash). Baseline: the same items' same fields read by offset pages of 1000 without the
 * ids filter or the trash pass, the cheapest way item/get lists them. The ratio is what selecting
 * by ids costs; the median is how long a person waits before the counts appear.
 */
import type { ApiClient } from '../../../tests/loose-client';
import { readSelection } from '../../../src/app/bulk-edit/selection-reader';
import type { Page } from '../direct-queries';
import { repeat } from '../repeat';
import { requireSeeded, type Scenario } from '../scenario';

const ITEMS = 10_000;
const PAGE = 1000;
const FIELDS = ['tags', 'folders', 'star', 'isDeleted'];

export const bulkEditorSummary: Scenario = {
  id: 'bulk-editor-summary',
  label: `bulk editor: read a ${ITEMS.toLocaleString('en')}-item selection`,
  unit: 'ms',
  async measure(ctx) {
    const limit = Math.min(ITEMS, requireSeeded(ctx).count);
    const ids = await firstIds(ctx.api, limit);
    const result = await repeat({
      runs: Math.min(ctx.settings.runs, 10),
      warmup: 1,
      subject: {
        run: async () => {
          const items = await readSelection(ctx.api, ids);
          if (items.length !== ids.length) throw new Error(`read ${items.length} of ${ids.length} selected items`);
        },
      },
      baseline: {
        label: 'the same items and fields by offset pages of 1000 (no ids filter, no trash pass)',
        run: async () => {
          for (let offset = 0; offset < limit; offset += PAGE) {
            await ctx.api.post('/item/get', { fields: FIELDS, offset, limit: Math.min(PAGE, limit - offset) });
          }
        },
      },
    });
    return { ...result, note: `${ids.length} ids in ${Math.ceil(ids.length / PAGE) * 2} item/get requests` };
  },
};

async function firstIds(api: ApiClient, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; offset < limit; offset += PAGE) {
    const page = await api.post<Page<{ id: string }>>('/item/get', { fields: ['id'], offset, limit: Math.min(PAGE, limit - offset) });
    ids.push(...page.data.map((i) => i.id));
  }
  return ids;
}
