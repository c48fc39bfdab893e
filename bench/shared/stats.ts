/**
 * Summary statistics of a scenario's samples. Pure, so the node tests can check them and the
 * driver and the page agree on what "median" and "p95" mean.
 */

export interface Summary {
  runs: number;
  median: number;
  /** The tail: the value 95 % of runs did at least as well as (see `summarise`). */
  p95: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** The median; the mean of the two middle values for an even count. */
export function median(samples: readonly number[]): number {
  const sorted = ascending(samples);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100): the smallest sample with at least p % of samples at or below it. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = ascending(samples);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/**
 * Summarises samples. For a time or a size (lower is better) the tail is the high end; for a
 * rate such as items/s (higher is better) it is the low end, so `p95` always names the slow tail.
 */
export function summarise(samples: readonly number[], higherIsBetter = false): Summary {
  if (samples.length === 0) throw new Error('Cannot summarise an empty list of samples.');
  const tail = (p: number) => percentile(samples, higherIsBetter ? 100 - p : p);
  return {
    runs: samples.length,
    median: median(samples),
    p95: tail(95),
    p99: tail(99),
    min: Math.min(...samples),
    max: Math.max(...samples),
    mean: samples.reduce((sum, x) => sum + x, 0) / samples.length,
  };
}

/**
 * How many times worse than the baseline the subject is (1 = as good as the floor): a ratio of
 * medians, inverted for rates so that a bigger number is always worse.
 */
export function ratioToBaseline(subject: number, baseline: number, higherIsBetter = false): number {
  return higherIsBetter ? baseline / subject : subject / baseline;
}

function ascending(samples: readonly number[]): number[] {
  if (samples.length === 0) throw new Error('No samples.');
  return [...samples].sort((a, b) => a - b);
}
