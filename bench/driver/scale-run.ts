/**
 * The scale mode: `BENCH_ONLY=scale BENCH_N=100000,1000000 npm run bench`. Each size runs in a
 * Chromium profile of its own that is kept (bench/driver/scale-cache.ts), so its seeded library
 * is made once and reused by the next run; a seed that was cut resumes. The site is served on one
 * fixed port (BENCH_PORT, else 4291): IndexedDB belongs to the origin. After each size its results
 * go to bench/results/scale-n<N>.json and the scale section of bench/RESULTS.md is rewritten from
 * every size's latest file, so a run cut during the larger size keeps the smaller one's figures.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { BRIDGE_NAMES, type BenchPage, type ScenarioInfo, type ScenarioOutcome } from '../shared/protocol';
import { toResultRow, type ResultRow } from '../shared/result-row';
import { formatNotes, formatTable, formatValue } from '../shared/table';
import { describeMachine } from './machine';
import { RESULTS_DIR, type RunResults } from './report';
import { RESULTS_MD, replaceSection } from './results-md';
import { openScaleCache, type ScaleCache } from './scale-cache';
import { mergeWithEarlier } from './scale-merge';
import { scaleSectionBody } from './scale-md';
import { wireBenchPage } from './page-wiring';
import { openProfile } from './bench-browser';
import { readSettings, rowsToRun, type DriverSettings } from './settings';
import { buildSite, serveSite, type Site } from './site';
import { readStorage, storageLine, type StorageReading } from './storage-use';

declare const window: { benchPage: BenchPage };

export const SCALE_PORT = 4291;
/** The scale mode's default image share: a tenth of the full bench's, so the thumbnails of a million items do not outlast the run. */
export const SCALE_IMAGE_SHARE = 0.01;

export const isScaleRun = (env: NodeJS.ProcessEnv = process.env) => (env.BENCH_ONLY ?? '').split(',').some((id) => id.trim().startsWith('scale'));

/** BENCH_N as a list of sizes (e.g. 100000,1000000), smallest first. */
export function scaleSizes(env: NodeJS.ProcessEnv = process.env): number[] {
  const raw = (env.BENCH_N ?? '').trim() || '100000,1000000';
  const sizes = raw.split(',').map((part) => readSettings({ BENCH_N: part.trim() }).n);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

export async function runScale(log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const sizes = scaleSizes(env);
  const base = readSettings({ ...env, BENCH_N: String(sizes[0]), BENCH_PORT: env.BENCH_PORT || String(SCALE_PORT), BENCH_IMAGE_SHARE: env.BENCH_IMAGE_SHARE || String(SCALE_IMAGE_SHARE) });
  log(`scale mode: N = ${sizes.join(', ')}, seed ${base.seed}, image share ${base.imageShare}; building the site`);
  await buildSite();
  for (const n of sizes) await runSize({ ...base, n }, log, seedBudget(env));
}

/** BENCH_SEED_MINUTES: the seed stops after this long (kept, resumed by the next run), and the size's other rows are skipped. */
function seedBudget(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.BENCH_SEED_MINUTES;
  if (!raw) return undefined;
  const minutes = Number(raw);
  if (!(minutes > 0)) throw new Error(`BENCH_SEED_MINUTES must be a positive number, not "${raw}".`);
  return minutes * 60;
}

async function runSize(settings: DriverSettings, log: (line: string) => void, seedBudgetS: number | undefined): Promise<void> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg()[0]!;
  const cache = openScaleCache(settings);
  // IndexedDB belongs to the origin: a kept library is served on the port it was made under.
  const port = cache.meta.origin ? Number(new URL(cache.meta.origin).port) : settings.port;
  const site = await serveSite(port, true).catch((error: unknown) => {
    throw new Error(`N = ${settings.n} needs port ${port} (its kept library lives under that origin; a new one takes BENCH_PORT, else ${SCALE_PORT}): ${String(error)}`);
  });
  try {
    await runSizeOn(settings, cache, site, log, { started, startedAt, loadAtStart, seedBudgetS });
  } finally {
    await site.close();
  }
}

async function runSizeOn(settings: DriverSettings, cache: ScaleCache, site: Site, log: (line: string) => void, run: { started: number; startedAt: string; loadAtStart: number; seedBudgetS: number | undefined }): Promise<void> {
  const { started, startedAt, loadAtStart, seedBudgetS } = run;
  log(`N = ${settings.n}: profile ${cache.profileDir}${cache.meta.library ? ` (kept library ${cache.meta.library})` : ' (new)'}`);
  const profile = await openProfile(cache.profileDir);
  try {
    const { browser, page } = profile;
    await wireBenchPage(browser, page, log);
    const none = () => Promise.reject(new Error('not offered by the scale mode'));
    for (const name of [BRIDGE_NAMES.couchOrigin, BRIDGE_NAMES.publishedLibrary, BRIDGE_NAMES.publishedUrl, BRIDGE_NAMES.publishedRequests]) await page.exposeFunction(name, none);
    // The kept profile's worker would answer with the pages it cached from an earlier build (an update
    // activates only on the next load): its registration and caches go, the origin's IndexedDB stays.
    await page.goto(`${site.url}/bench/index.html`);
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    });
    await page.reload();
    await page.locator('#bench-status[data-state="ready"]').waitFor({ timeout: 60_000 });
    const { n, seed, runs, imageShare, importImages } = settings;
    const kept = cache.meta.library ? { library: cache.meta.library } : {};
    const scale = { ...kept, ...(seedBudgetS ? { seedBudgetS } : {}) };
    const { library, scenarios } = await page.evaluate(([s, k]) => window.benchPage.start(s, k), [{ n, seed, runs, imageShare, importImages }, scale] as const);
    cache.meta.library = library;
    cache.meta.origin = site.url;
    cache.save();
    const rows: ResultRow[] = [];
    const storage: StorageReading[] = [await readStorage(page, 'start')];
    for (const info of rowsToRun(scenarios, settings.only)) {
      log(`N = ${n}: ${info.label} …`);
      const outcome = await page.evaluate((id) => window.benchPage.run(id), info.id);
      const row = info.id === 'scale-seed' ? seedRow(info, outcome, cache, startedAt) : toResultRow(info, outcome);
      rows.push(row);
      log(row.subject ? `${info.label}: median ${formatValue(row.subject.median, row.unit)}${row.ratio ? `, ${row.ratio.toFixed(2)}× its baseline` : ''}` : `${info.label}: skipped, ${row.skipped}`);
      storage.push(await readStorage(page, info.id === 'scale-seed' ? 'seed' : info.id));
    }
    await page.evaluate(() => window.benchPage.finish());
    const results: RunResults = {
      startedAt,
      durationSeconds: Math.round((performance.now() - started) / 1000),
      settings: { n, seed, runs, imageShare, importImages, only: settings.only, profile: [], trace: undefined },
      machine: describeMachine(browser.version()),
      loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
      storage,
      library,
      rows,
    };
    const file = `${RESULTS_DIR}scale-n${n}.json`;
    writeFileSync(file, `${JSON.stringify(mergeWithEarlier(results, file), null, 2)}\n`);
    writeFileSync(RESULTS_MD, replaceSection(existsSync(RESULTS_MD) ? readFileSync(RESULTS_MD, 'utf8') : undefined, 'scale', scaleSectionBody(latestScaleRuns())));
    process.stdout.write(['', `N = ${n}, ${results.durationSeconds} s`, storageLine(storage), '', formatTable(rows), '', formatNotes(rows), ''].join('\n'));
  } finally {
    await profile.close();
  }
}

/**
 * The seeding row: the figures of every run that seeded this kept library (a seed may be made over
 * several runs when one is cut), so a run that reuses the seed still shows how it was made.
 */
function seedRow(info: ScenarioInfo, outcome: ScenarioOutcome, cache: ScaleCache, startedAt: string): ResultRow {
  const record = cache.meta.seed;
  if (outcome.status === 'measured') {
    record.samples.push(...outcome.samples);
    record.rawSamples.push(...(outcome.baseline?.samples ?? []));
    record.baselineLabel = outcome.baseline?.label;
    record.notes.push(`${startedAt.slice(0, 16)}: ${outcome.note ?? ''}`);
    record.runs.push(startedAt);
    cache.save();
  } else if (record.samples.length === 0) {
    return toResultRow(info, outcome);
  }
  const reused = outcome.status === 'skipped' ? `${outcome.reason}; ` : '';
  return toResultRow(info, {
    status: 'measured',
    samples: record.samples,
    ...(record.rawSamples.length ? { baseline: { label: record.baselineLabel ?? 'raw', samples: record.rawSamples } } : {}),
    note: `${reused}seeded in ${record.runs.length} run(s): ${record.notes.join(' | ')}`,
  });
}

/** The latest results of every size the scale mode has run here (bench/results/scale-n<N>.json; delete one to leave its size out). */
function latestScaleRuns(): RunResults[] {
  return readdirSync(RESULTS_DIR)
    .filter((name) => /^scale-n\d+\.json$/.test(name))
    .map((name) => JSON.parse(readFileSync(`${RESULTS_DIR}${name}`, 'utf8')) as RunResults);
}
