/**
 * Runs a subject and its baseline in turns, so a noisy neighbour on this shared machine slows
 * both alike. The order alternates every round; the first rounds warm up and are dropped.
 */
import type { Series } from '../shared/protocol';

export interface Repeated {
  samples: number[];
  baseline?: Series;
}

export interface RepeatOptions {
  runs: number;
  warmup?: number;
  /** Milliseconds of one subject run; `before` runs first, untimed (e.g. stopping the worker). */
  subject: { before?: () => Promise<void>; run: () => Promise<unknown> };
  baseline?: { label: string; before?: () => Promise<void>; run: () => Promise<unknown> };
}

/** Milliseconds `work` takes, from the page's monotonic clock. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export async function repeat({ runs, warmup = 3, subject, baseline }: RepeatOptions): Promise<Repeated> {
  const samples: number[] = [];
  const baselineSamples: number[] = [];
  const sides = [
    { side: subject, into: samples },
    ...(baseline ? [{ side: baseline, into: baselineSamples }] : []),
  ];
  for (let round = 0; round < warmup + runs; round++) {
    const order = round % 2 ? [...sides].reverse() : sides;
    for (const { side, into } of order) {
      await side.before?.();
      const ms = await timed(side.run);
      if (round >= warmup) into.push(ms);
    }
  }
  return { samples, ...(baseline ? { baseline: { label: baseline.label, samples: baselineSamples } } : {}) };
}
