/** Position ranges of a listing ({from, to}, both in), kept sorted and apart. Pure, node-tested. */
export interface Range {
  from: number;
  to: number;
}

export const rangeSize = (range: Range): number => range.to - range.from + 1;

/** Whether `index` falls in one of the sorted ranges (binary search: a person's ranges, at most a thousand). */
export function inRanges(ranges: readonly Range[], index: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (index < range.from) high = middle - 1;
    else if (index > range.to) low = middle + 1;
    else return true;
  }
  return false;
}

/** The ranges with `range` added: those it overlaps or touches merge into one. */
export function addRange(ranges: readonly Range[], range: Range): Range[] {
  const out: Range[] = [];
  let merged = { ...range };
  for (const each of ranges) {
    if (each.to + 1 < merged.from || each.from > merged.to + 1) out.push(each);
    else merged = { from: Math.min(each.from, merged.from), to: Math.max(each.to, merged.to) };
  }
  out.push(merged);
  return out.sort((a, b) => a.from - b.from);
}
