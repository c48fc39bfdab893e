/**
 * Issue 12, defect 7: one heavy smart folder (30 condition groups × 30 rules, the contract's
 * maximum) must not slow the calls that list smart folders. Two rows, each next to the same call
 * without the heavy folder in the library (measured in the same run and page, before it was made
 * or after it was removed; the seeded library otherwise unchanged):
 * - smartFolder/get (every smart folder, with imageCount);
 * - library/info (the smart-folder tree among the rest).
 * The rules mix what indexes answer (tags, width) with what only rows can (name and annotation
 * substrings), so a full evaluation reads rows. The heavy folder is removed at the end.
 */
import type { SmartFolderView } from '../../../src/core/smart-folders/smart-folder-view';
import { timed, repeat } from '../repeat';
import { orSkipWhenNotBuilt, requireSeeded, type Scenario } from '../scenario';
import type { BenchContext } from '../context';

const GROUPS = 30;
const RULES = 30;

function heavyConditions(tags: readonly string[]) {
  const word = (g: number, r: number) => tags[(g * RULES + r) % tags.length]!;
  return Array.from({ length: GROUPS }, (_, g) => ({
    match: 'OR',
    boolean: 'TRUE',
    rules: Array.from({ length: RULES }, (_, r) => {
      switch (r % 4) {
        case 0: return { property: 'name', method: 'contain', value: word(g, r).slice(0, 4) };
        case 1: return { property: 'annotation', method: 'contain', value: word(g, r) };
        case 2: return { property: 'tags', method: 'union', value: [word(g, r)] };
        default: return { property: 'width', method: '>=', value: [1 + ((g + r) % 50)] };
      }
    }),
  }));
}

let heavyId: string | undefined;
let createMs = 0;

async function createHeavy(ctx: BenchContext): Promise<void> {
  const { plan } = requireSeeded(ctx);
  const body = { name: 'bench: 30 × 30 rules', conditions: heavyConditions(plan.tags) };
  createMs = await timed(async () => {
    heavyId = (await orSkipWhenNotBuilt(ctx.api.post<SmartFolderView>('/smartFolder/create', body))).id;
  });
}

const listSmartFolders = (ctx: BenchContext) => () => ctx.api.get<{ total: number }>('/smartFolder/get', { limit: 1000 });
const libraryInfo = (ctx: BenchContext) => () => ctx.api.get('/library/info');

export const smartFolderGetHeavy: Scenario = {
  id: 'heavy-smart-folder-get',
  label: 'smartFolder/get, one 30×30 smart folder stored',
  unit: 'ms',
  async measure(ctx) {
    requireSeeded(ctx);
    const runs = ctx.settings.runs;
    const without = await repeat({ runs, subject: { run: listSmartFolders(ctx) } });
    await createHeavy(ctx);
    const withHeavy = await repeat({ runs, subject: { run: listSmartFolders(ctx) } });
    const views = (await ctx.api.get<{ data: SmartFolderView[] }>('/smartFolder/get', { id: heavyId! })).data;
    return {
      samples: withHeavy.samples,
      baseline: { label: 'the same call without the 30×30 folder', samples: without.samples },
      note: `the 30×30 folder holds ${views[0]?.imageCount} items; smartFolder/create of it (its first count) took ${createMs.toFixed(0)} ms`,
    };
  },
};

export const libraryInfoHeavy: Scenario = {
  id: 'heavy-smart-folder-library-info',
  label: 'library/info, one 30×30 smart folder stored',
  unit: 'ms',
  async measure(ctx) {
    requireSeeded(ctx);
    if (!heavyId) await createHeavy(ctx);
    const runs = ctx.settings.runs;
    const withHeavy = await repeat({ runs, subject: { run: libraryInfo(ctx) } });
    await ctx.api.post('/smartFolder/remove', { id: heavyId! });
    heavyId = undefined;
    const without = await repeat({ runs, subject: { run: libraryInfo(ctx) } });
    return { samples: withHeavy.samples, baseline: { label: 'the same call without the 30×30 folder', samples: without.samples } };
  },
};
