/**
 * Runs a subject and its baseline in turns, so a noisy neighbour on this shared machine slows
 * both alike. The order alternates every round; the first rounds warm up and are dropped. Further
 * series (`others`, e.g. the floors of the cold-start row) take their turns in the same rounds.
 */
import type { Series } from '../shared/protocol';

export interface Repeated {
  samples: number[];
  baseline?: Series;
  /** The `others` series, in their order (when any were asked for). */
  others?: Series[];
}

interface Side {
  label: string;
  /** Untimed (e.g. stopping the worker). */
  before?: () => Promise<void>;
  run: () => Promise<unknown>;
}

export interface RepeatOptions {
  runs: number;
  warmup?: number;
  /** Milliseconds of one subject run; `before` runs first, untimed (e.g. stopping the worker). */
  subject: Omit<Side, 'label'>;
  baseline?: Side;
  others?: Side[];
}

/** Milliseconds `work` takes, from the page's monotonic clock. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export async function repeat({ runs, warmup = 3, subject, baseline, others = [] }: RepeatOptions): Promise<Repeated> {
  const samples: number[] = [];
  const baselineSeries = baseline ? { label: baseline.label, samples: [] as number[] } : undefined;
  const otherSeries = others.map((other) => ({ label: other.label, samples: [] as number[] }));
  const sides = [
    { side: subject, into: samples },
    ...(baseline && baselineSeries ? [{ side: baseline, into: baselineSeries.samples }] : []),
    ...others.map((other, i) => ({ side: other, into: otherSeries[i]!.samples })),
  ];
  for (let round = 0; round < warmup + runs; round++) {
    const order = round % 2 ? [...sides].reverse() : sides;
    for (const { side, into } of order) {
      await side.before?.();
      const ms = await timed(side.run);
      if (round >= warmup) into.push(ms);
    }
  }
  return { samples, ...(baselineSeries ? { baseline: baselineSeries } : {}), ...(others.length > 0 ? { others: otherSeries } : {}) };
}
