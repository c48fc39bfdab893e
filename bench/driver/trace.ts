/**
 * BENCH_PROFILE=1: a Chrome trace (all threads, the service worker's included, from its start)
 * around each scenario, written beside the results. `bench/driver/trace-summary.ts` reads the
 * worker's part of it. Traces, not the CDP Profiler: a stopped worker is a new target each start,
 * and the trace has its samples from the first line of its script on.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { RESULTS_DIR } from './report';

export const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'toplevel',
  'ServiceWorker',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.cpu_profiler.hires',
];

export function writeTrace(scenarioId: string, n: number, trace: Buffer): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}trace-${scenarioId}-n${n}.json`;
  writeFileSync(file, trace);
  return file;
}
