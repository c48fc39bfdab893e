/**
 * Picks indexes with given weights in O(log n) per pick (cumulative sums and a binary search).
 * Tag popularity in real libraries is long-tailed, so tags are drawn with Zipf weights.
 */

export type Pick = (uniform: number) => number;

/** A picker over `weights`; `uniform` is a number in [0, 1). */
export function weightedPick(weights: readonly number[]): Pick {
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) cumulative.push((total += weight));
  return (uniform) => {
    const target = uniform * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

/** Zipf weights 1/rank^exponent for ranks 1..count. */
export function zipfWeights(count: number, exponent = 1): number[] {
  return Array.from({ length: count }, (_, i) => 1 / (i + 1) ** exponent);
}
