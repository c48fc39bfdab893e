/**
 * BENCH_TRACE=1 or spans: a Chrome trace (all threads, the service worker's included, from its start)
 * around each scenario, written beside the results. `bench/driver/trace-summary.ts` reads the
 * worker's part of it. Traces, not the CDP Profiler: a stopped worker is a new target each start,
 * and the trace has its samples from the first line of its script on.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { RESULTS_DIR } from './report';

const SPANS = ['-*', 'IndexedDB', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'toplevel', 'ServiceWorker'];
const SAMPLES = ['disabled-by-default-v8.cpu_profiler', 'disabled-by-default-v8.cpu_profiler.hires'];

/** Samples cost the worker a great deal (the profiler's start alone is longer than the script), so spans can do without. */
export const traceCategories = (samples: boolean) => (samples ? [...SPANS, ...SAMPLES] : SPANS);

export function writeTrace(scenarioId: string, n: number, trace: Buffer): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}trace-${scenarioId}-n${n}.json`;
  writeFileSync(file, trace);
  return file;
}
