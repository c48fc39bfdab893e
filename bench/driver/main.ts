/**
 * `npm run bench`: builds the site with the bench page, serves it, drives headless Debian
 * Chromium through the real service worker, runs every scenario of bench/page/scenarios in
 * order, prints the table, writes bench/results/latest.json and updates bench/RESULTS.md. Timing happens in the page;
 * this side orchestrates, stops the worker and reads its heap over CDP, and summarises.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { BRIDGE_NAMES, type BenchPage } from '../shared/protocol';
import { toResultRow, type ResultRow } from '../shared/result-row';
import { formatNotes, formatTable, formatValue } from '../shared/table';
import { describeMachine, machineLine } from './machine';
import { saveProfile, topSelfTime, type CpuProfile } from './cpu-profile';
import { compareWithPrevious, readLatest, writeResults } from './report';
import { RESULTS_MD, updateResultsMarkdown } from './results-md';
import { wireBenchPage } from './page-wiring';
import { readSettings, rowsToRun } from './settings';
import { traceCategories, writeTrace } from './trace';
import { buildAndServe } from './site';
import { readStorage, storageLine, type StorageReading } from './storage-use';
import { startCouchServer, type CouchServer } from '../../tests/sync/couch-server';
import { preparePublished, type PublishedBench } from './published-library';
import { isScaleRun, runScale } from './scale-run';
import { openBenchBrowser } from './bench-browser';

declare const window: { benchPage: BenchPage };

const started = performance.now();
const log = (line: string) => process.stdout.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

async function main(): Promise<void> {
  const settings = readSettings();
  const startedAt = new Date().toISOString();
  const loadAtStart = os.loadavg()[0]!;
  log(`N = ${settings.n}, seed ${settings.seed}, ${settings.runs} runs per warm scenario; building the site`);
  // A profile names functions: the worker's script is built unminified for it (bigger, so it compiles slower).
  if (settings.trace === 'samples') process.env.SW_UNMINIFIED = '1';
  const site = await buildAndServe(settings.port);
  const bench = await openBenchBrowser(settings.diskProfile === true);
  const { browser, page } = bench;
  let couch: Promise<CouchServer> | undefined;
  let published: Promise<PublishedBench> | undefined;
  try {
    const worker = await wireBenchPage(browser, page, log);
    // The sync rows' CouchDB stand-in (tests/sync/couch-server.ts), started only when a row asks.
    await page.exposeFunction(BRIDGE_NAMES.couchOrigin, async () => {
      couch ??= startCouchServer();
      return (await couch).origin;
    });
    // The published-library rows' library, written, published and served on first ask.
    // The copy floor (minutes at a million items) is made only for the publish row.
    const copyFloor = rowsToRun([{ id: 'published-publish' }], settings.only).length > 0;
    const publishedBench = () => (published ??= preparePublished({ ...settings, copyFloor }, log));
    await page.exposeFunction(BRIDGE_NAMES.publishedLibrary, async () => (await publishedBench()).facts);
    await page.exposeFunction(BRIDGE_NAMES.publishedUrl, async (run: number) => (await publishedBench()).urlFor(run));
    await page.exposeFunction(BRIDGE_NAMES.publishedRequests, async () => (await publishedBench()).requests());
    await page.goto(`${site.url}/bench/index.html`);
    await page.locator('#bench-status[data-state="ready"]').waitFor({ timeout: 20_000 });

    const { n, seed, runs, imageShare, importImages, only, syncPullItems, publishedCapMinutes, publishedKeep, diskProfile } = settings;
    const knobs = { ...(syncPullItems ? { syncPullItems } : {}), ...(publishedCapMinutes ? { searchableCapMs: publishedCapMinutes * 60_000 } : {}) };
    const { library, scenarios } = await page.evaluate((s) => window.benchPage.start(s), { n, seed, runs, imageShare, importImages, ...knobs });
    log(`served at ${site.url}, library ${library}`);
    const rows: ResultRow[] = [];
    const storage: StorageReading[] = [await readStorage(page, 'start')];
    for (const info of rowsToRun(scenarios, settings.only)) {
      log(`${info.label} …`);
      const profiled = settings.profile.includes(info.id);
      const traced = settings.trace && info.id !== 'seed';
      if (profiled) await worker.startProfile();
      if (traced) await browser.startTracing(undefined, { categories: traceCategories(settings.trace === 'samples') });
      const outcome = await page.evaluate((id) => window.benchPage.run(id), info.id);
      if (traced) log(`trace: ${writeTrace(`${info.id}-${settings.trace}`, n, await browser.stopTracing())}`);
      if (profiled) {
        const profile = (await worker.stopProfile()) as CpuProfile;
        log(`worker CPU profile of ${info.id}: ${saveProfile('bench/results', `${startedAt.replace(/[:.]/g, '-')}-${info.id}`, profile)}; top self time:`);
        for (const line of topSelfTime(profile)) log(line);
      }
      const row = toResultRow(info, outcome);
      rows.push(row);
      log(row.subject ? `${info.label}: median ${formatValue(row.subject.median, row.unit)}` : `${info.label}: skipped, ${row.skipped}`);
      storage.push(await readStorage(page, info.id));
      log(`storage used: ${storage.at(-1)!.usageMB.toFixed(1)} MB of a ${storage.at(-1)!.quotaMB.toFixed(0)} MB quota`);
    }
    await page.evaluate(() => window.benchPage.finish());

    const machine = describeMachine(browser.version());
    const previous = readLatest();
    const results = { startedAt, durationSeconds: Math.round((performance.now() - started) / 1000), settings: { n, seed, runs, imageShare, importImages, only, profile: settings.profile, trace: settings.trace, ...(syncPullItems ? { syncPullItems } : {}), ...(publishedCapMinutes ? { publishedCapMinutes } : {}), ...(publishedKeep ? { publishedKeep } : {}), ...(diskProfile ? { diskProfile } : {}) }, machine, loadAverage: { start: loadAtStart, end: os.loadavg()[0]! }, storage, library, rows };
    const written = writeResults(results);
    writeFileSync(RESULTS_MD, updateResultsMarkdown(existsSync(RESULTS_MD) ? readFileSync(RESULTS_MD, 'utf8') : undefined, results));
    written.push(fileURLToPath(RESULTS_MD));
    const comparison = compareWithPrevious(rows, previous, n);
    process.stdout.write(
      [
        '',
        `N = ${n} items, seed ${seed}, ${runs} runs per warm scenario, ${results.durationSeconds} s in all`,
        `machine: ${machineLine(machine)}`,
        `load average (1 min): ${results.loadAverage.start.toFixed(1)} at the start, ${results.loadAverage.end.toFixed(1)} at the end`,
        storageLine(storage),
        '',
        formatTable(rows),
        '',
        formatNotes(rows),
        ...(comparison ? ['', 'against the previous run (median):', comparison] : []),
        '',
        `results: ${written.join(', ')}`,
        '',
      ].join('\n'),
    );
  } finally {
    await bench.close();
    await site.close();
    await (await couch?.catch(() => undefined))?.dispose();
    await (await published?.catch(() => undefined))?.dispose();
  }
}

(isScaleRun() ? runScale(log) : main()).catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
