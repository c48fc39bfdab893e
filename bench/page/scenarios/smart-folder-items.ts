/**
 * smartFolder/getItems (limit 50) for a tag + width + type rule set on the seeded library, warm
 * (issue goal: under 50 ms median). The smart folder is made through smartFolder/create; its rules
 * are checked against smartFolder/getRules first. Values come from the seeded library: the three
 * most used tags, the median width of the seeded images, type png. Baseline: `matchConditions` on
 * the same conditions in the page (the match alone, no page of items built).
 */
import { conditionsSchema } from '../../../src/core/smart-folders/conditions.schema';
import { matchConditions } from '../../../src/core/smart-folders/match';
import { median } from '../../shared/stats';
import type { Page } from '../direct-queries';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat } from '../repeat';
import { orSkipWhenNotBuilt, requireSeeded, Skip, type Scenario } from '../scenario';

type RuleSchema = Record<string, { methods: string[] } | undefined>;

export const smartFolderItems: Scenario = {
  id: 'smart-folder-get-items',
  label: 'smartFolder/getItems, tags + width + type, limit 50',
  unit: 'ms',
  goal: { maxMedian: 50 },
  async measure(ctx) {
    const { plan, count } = requireSeeded(ctx);
    const rules = await orSkipWhenNotBuilt(ctx.api.get<RuleSchema>('/smartFolder/getRules'));
    for (const [property, method] of [['tags', 'union'], ['width', '>='], ['type', 'equal']] as const) {
      if (!rules[property]?.methods.includes(method)) throw new Skip(`getRules offers no ${property} ${method}`);
    }
    const quiet = await waitForQuietLibrary(ctx);
    const db = await ctx.db();
    const widths = (await db.items.where('ext').equals('png').toArray()).map((row) => row.width).filter((w) => w > 0);
    if (widths.length === 0) throw new Skip('the seeded library has no images (BENCH_IMAGE_SHARE=0)');
    const minWidth = Math.round(median(widths));
    const tags = plan.tags.slice(0, 3);
    const raw = [
      {
        match: 'AND',
        boolean: 'TRUE',
        rules: [
          { property: 'tags', method: 'union', value: tags },
          { property: 'width', method: '>=', value: [minWidth] },
          { property: 'type', method: 'equal', value: 'png' },
        ],
      },
    ];
    const folder = await orSkipWhenNotBuilt(ctx.api.post<{ id: string }>('/smartFolder/create', { name: 'bench: wide tagged PNGs', conditions: raw }));
    const conditions = conditionsSchema().parse(raw);
    const getItems = () => ctx.api.post<Page<{ id: string }>>('/smartFolder/getItems', { smartFolderId: folder.id, limit: 50 });

    const answered = await getItems();
    const direct = await matchConditions(db, conditions, Date.now());
    const agree = answered.total === direct.length ? 'worker and page agree' : `COUNTS DIFFER: page matches ${direct.length}`;
    const measured = await repeat({
      runs: ctx.settings.runs,
      subject: { run: getItems },
      baseline: { label: 'matchConditions in the page (keys only)', run: () => matchConditions(db, conditions, Date.now()) },
    });
    return {
      ...measured,
      note:
        `tags any of ${tags.map((t) => `"${t}"`).join(', ')}, width ≥ ${minWidth} (median of ${widths.length} images), type png: ` +
        `${answered.total} of ${count} items (${((answered.total / count) * 100).toFixed(1)} %); ${agree}; ${quiet}`,
    };
  },
};
