/**
 * smartFolder/getItems (limit 50) for a tag + width + type rule set on the seeded library, warm
 * (issue goal: under 50 ms median). The smart folder is made through smartFolder/create; its rules
 * are checked against smartFolder/getRules first. Values come from the seeded library: the three
 * most used tags, the median width of the seeded images, type png. Two rows, two floors in the page
 * (the match alone, no page of items built; smart-folder-narrowing.md):
 * - `smart-folder-get-items`: the naive match, every rule's index answer read whole (the floor
 *   this row had before the match was narrowed, so the figures compare across commits);
 * - `smart-folder-get-items-own-floor`: the worker's own plan in the page (first-page.ts: the
 *   kept count, and the narrowed candidates walked from the newest until 50 match, in one read
 *   transaction), with the two costs the narrowing weighs measured in the same rounds: the
 *   candidates' rows read, and the tags' lists read whole.
 */
import { readList } from '../../../src/core/postings/postings-store';
import { tagList } from '../../../src/core/postings/posting-lists';
import { conditionsSchema } from '../../../src/core/smart-folders/conditions.schema';
import { firstPage } from '../../../src/core/smart-folders/first-page';
import { matchConditions, matchTables, SmartFolderMatcher } from '../../../src/core/smart-folders/match';
import { NARROWING, type Narrowing } from '../../../src/core/smart-folders/narrow';
import type { Conditions } from '../../../src/core/smart-folders/rules';
import type { LibraryDb } from '../../../src/core/storage/library-db';
import { median } from '../../shared/stats';
import type { BenchContext } from '../context';
import type { Page } from '../direct-queries';
import { waitForQuietLibrary } from '../quiet-library';
import { repeat } from '../repeat';
import { orSkipWhenNotBuilt, requireSeeded, Skip, type Measurement, type Scenario } from '../scenario';

type RuleSchema = Record<string, { methods: string[] } | undefined>;

/** The naive match: every answer is worth reading. */
const READ_EVERY_ANSWER: Narrowing = { rowCost: Infinity, small: Infinity };

interface Folder {
  db: LibraryDb;
  conditions: Conditions;
  tags: string[];
  getItems: () => Promise<Page<{ id: string }>>;
  note: string;
  id: string;
}

/** The bench folder, made once per run (both rows use it). */
let made: Promise<Folder> | undefined;

async function makeFolder(ctx: BenchContext): Promise<Folder> {
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
  const [narrowed, naive] = await Promise.all([matchConditions(db, conditions, Date.now()), matchConditions(db, conditions, Date.now(), undefined, READ_EVERY_ANSWER)]);
  const agree = answered.total === narrowed.length && narrowed.join() === naive.join() ? 'worker, narrowed and naive page matches agree' : `MATCHES DIFFER: worker ${answered.total}, narrowed ${narrowed.length}, naive ${naive.length}`;
  const note =
    `tags any of ${tags.map((t) => `"${t}"`).join(', ')}, width ≥ ${minWidth} (median of ${widths.length} images), type png: ` +
    `${answered.total} of ${count} items (${((answered.total / count) * 100).toFixed(1)} %); ${agree}; ${quiet}`;
  return { db, conditions, tags, getItems, note, id: folder.id };
}

const folderOf = (ctx: BenchContext) => (made ??= makeFolder(ctx).catch((error: unknown) => {
  made = undefined;
  throw error;
}));

export const smartFolderItems: Scenario = {
  id: 'smart-folder-get-items',
  label: 'smartFolder/getItems, tags + width + type, limit 50',
  unit: 'ms',
  goal: { maxMedian: 50 },
  async measure(ctx) {
    const { db, conditions, getItems, note } = await folderOf(ctx);
    const measured = await repeat({
      runs: ctx.settings.runs,
      subject: { run: getItems },
      baseline: { label: 'naive match in the page: every rule’s answer read whole', run: () => matchConditions(db, conditions, Date.now(), undefined, READ_EVERY_ANSWER) },
    });
    return { ...measured, note };
  },
};

export const smartFolderItemsOwnFloor: Scenario = {
  id: 'smart-folder-get-items-own-floor',
  label: 'smartFolder/getItems, tags + width + type, limit 50 (against its own plan)',
  unit: 'ms',
  async measure(ctx): Promise<Measurement> {
    const { db, conditions, tags, getItems, note, id } = await folderOf(ctx);
    const planned = await db.transaction('r', [...matchTables(db), db.smartFolderCounts], async () => firstPage(db, (await SmartFolderMatcher.open(db, Date.now())).rows, id, Date.now(), 50, true));
    if (!planned) throw new Error('The bench folder has no kept count: getItems would match it whole.');
    // The candidates the narrowed plan tests on rows: the wide PNGs (its two small answers).
    // Transactions' scopes are async functions: Dexie then follows their awaits (an arrow returning
    // a promise loses the transaction at an await and fails with PrematureCommitError).
    const candidates = await matchConditions(db, [{ ...conditions[0]!, rules: conditions[0]!.rules.slice(1) }], Date.now());
    const readRows = async () => {
      for (let at = 0; at < candidates.length; at += 1000) await db.items.bulkGet(candidates.slice(at, at + 1000));
    };
    let tagKeys = 0;
    const readTags = async () => {
      tagKeys = (await Promise.all(tags.map((tag) => readList(db, tagList(tag))))).reduce((sum, keys) => sum + keys.length, 0);
    };
    const { others, ...measured } = await repeat({
      runs: ctx.settings.runs,
      subject: { run: getItems },
      baseline: {
        label: `its plan in the page: kept count + first page walked (rowCost ${NARROWING.rowCost})`,
        run: () => db.transaction('r', [...matchTables(db), db.smartFolderCounts], async () => {
          const now = Date.now();
          return firstPage(db, (await SmartFolderMatcher.open(db, now)).rows, id, now, 50, true);
        }),
      },
      others: [
        { label: 'rows', run: () => db.transaction('r', db.items, readRows) },
        { label: 'tags', run: () => db.transaction('r', db.postings, readTags) },
      ],
    });
    const [rows, lists] = (others ?? []).map((series) => median(series.samples));
    const perRow = rows! / Math.max(1, candidates.length);
    const perKey = lists! / Math.max(1, tagKeys);
    return {
      ...measured,
      note: `${note}; in the same rounds: the ${candidates.length} candidates' rows read ${rows!.toFixed(1)} ms, the tags' lists (${tagKeys} keys) read whole ${lists!.toFixed(1)} ms: a row costs ${(perRow / perKey).toFixed(0)} keys (rowCost ${NARROWING.rowCost})`,
    };
  },
};
