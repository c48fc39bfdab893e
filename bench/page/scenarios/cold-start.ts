/**
 * Service-worker cold start to first answer: the driver stops the worker (CDP), then the page
 * times its next request, which has to start the worker again. Baseline: the warm answer.
 *
 * Floors, measured in the same rounds and stopped the same way (every worker is stopped before
 * each cold run): the cold start of a minimal worker that answers a tiny JSON from memory (what
 * Chromium itself costs), of one that opens the registry's database with the raw IndexedDB API
 * and reads its record (what checking the library a request names costs at least), of one that
 * only opens the library's database with Dexie and reads one row, of our shell API alone answering
 * app/info, and of the same with the scripts our worker installs beside sw.js (a start receives
 * them all, so this is the floor of a start of ours that answers app/info). The note says how much
 * of the cold start is above each (bench/floor-workers).
 */
import { DEFAULT_NAMESPACE } from '../../../src/core/storage/registry';
import { median, percentile } from '../../shared/stats';
import { formatValue } from '../../shared/table';
import { startFloorWorker, type FloorWorker } from '../floor-worker';
import { repeat } from '../repeat';
import type { Scenario } from '../scenario';

/** Cold runs stop and restart the worker each time, so they are fewer than warm ones. */
export const coldRuns = (runs: number) => Math.max(5, Math.min(15, Math.ceil(runs / 2)));

const ms = (value: number) => formatValue(value, 'ms');

/** The scripts the real worker imports while installing: the list its loader carries (tools/vite-plugin-service-worker.ts). */
async function installedScripts(): Promise<string[]> {
  const script = await (await fetch('/sw.js')).text();
  const list = /const __installedScripts = (\[.*?\]);/.exec(script)?.[1];
  if (!list) throw new Error('sw.js names no installed scripts: the cold-start floor with them cannot be built.');
  return JSON.parse(list) as string[];
}

export const coldStart: Scenario = {
  id: 'cold-start-app-info',
  label: 'worker cold start → first answer (app/info)',
  unit: 'ms',
  goal: { maxMedian: 15 },
  async measure(ctx) {
    const probe = await ctx.freshDb();
    const dbName = probe.name;
    probe.close();
    const floors: FloorWorker[] = [];
    try {
      const minimal = await startFloorWorker('minimal');
      floors.push(minimal);
      const registry = await startFloorWorker('registry', `answer?db=${encodeURIComponent(`${DEFAULT_NAMESPACE}/registry`)}`);
      floors.push(registry);
      const dexie = await startFloorWorker('dexie', `answer?db=${encodeURIComponent(dbName)}`);
      floors.push(dexie);
      const shell = await startFloorWorker('shell', `api/v2/app/info?library=${encodeURIComponent(ctx.library)}`);
      floors.push(shell);
      const withScripts = await startFloorWorker('shell-scripts', `api/v2/app/info?library=${encodeURIComponent(ctx.library)}`, await installedScripts());
      floors.push(withScripts);
      const stop = () => ctx.driver.stopServiceWorker();
      // A floor's stop stops the real worker too: the warm side starts it first, untimed, with a
      // request that needs the core, so that a worker whose script is a shell has its core loaded
      // (else the timed app/info meets that load, which the resume after a first answer starts).
      const warmUp = async () => {
        await ctx.api.get('/app/info');
        await ctx.api.get('/item/countAll');
      };
      const measured = await repeat({
        runs: coldRuns(ctx.settings.runs),
        warmup: 1,
        subject: { before: stop, run: () => ctx.api.get('/app/info') },
        baseline: { label: 'warm app/info', before: warmUp, run: () => ctx.api.get('/app/info') },
        others: [
          { label: 'minimal worker, cold', before: stop, run: () => minimal.ask() },
          { label: 'raw IndexedDB registry read worker, cold', before: stop, run: () => registry.ask() },
          { label: 'Dexie open + one row worker, cold', before: stop, run: () => dexie.ask() },
          { label: 'our shell API alone, cold', before: stop, run: () => shell.ask() },
          { label: 'our shell API with our installed scripts, cold', before: stop, run: () => withScripts.ask() },
        ],
      });
      const cold = median(measured.samples);
      const [minimalSeries, registrySeries, dexieSeries, shellSeries, withScriptsSeries] = measured.others ?? [];
      const floorNote = (series: { label: string; samples: number[] } | undefined) => {
        if (!series) return '';
        const floor = median(series.samples);
        return `${series.label} ${ms(floor)} (p95 ${ms(percentile(series.samples, 95))}): ours above it ${ms(cold - floor)}, ${(cold / floor).toFixed(2)}×`;
      };
      const { others: _, ...row } = measured;
      return { ...row, note: `floors in the same rounds: ${floorNote(minimalSeries)}; ${floorNote(registrySeries)}; ${floorNote(dexieSeries)}; ${floorNote(shellSeries)}; ${floorNote(withScriptsSeries)}` };
    } finally {
      for (const floor of floors) await floor.dispose();
    }
  },
};
