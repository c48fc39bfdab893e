/**
 * Number and date rules as value ranges. The evaluator tests a value against the range and the
 * planner reads the same range from an index, so the two cannot disagree on a boundary.
 */
import { DURATION_UNITS, SIZE_UNITS, type DateRule, type NumberRule } from './rules';

export interface Range {
  lo: number;
  hi: number;
  loInclusive: boolean;
  hiInclusive: boolean;
}

export function inRange(value: number, r: Range): boolean {
  return (r.loInclusive ? value >= r.lo : value > r.lo) && (r.hiInclusive ? value <= r.hi : value < r.hi);
}

/** Whether no value lies in `r` (`< 0`: nothing is below 0 and above it). */
export const isEmptyRange = (r: Range): boolean => r.lo > r.hi || (r.lo === r.hi && !(r.loInclusive && r.hiInclusive));

const unitFactor = (rule: NumberRule): number => {
  if (rule.property === 'fileSize') return SIZE_UNITS[rule.unit];
  if (rule.property === 'duration') return DURATION_UNITS[rule.unit];
  return 1;
};

/** Decimal places written in `value`: `=` matches what rounds to it at that precision. */
function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot < 0 || text.includes('e') ? 0 : Math.min(10, text.length - dot - 1);
}

/**
 * The range in stored units (pixels, bytes, seconds). Only items that have the property (a value
 * above 0) match: a bookmark has no width and an image no duration, so `< 10 s` lists short clips,
 * not every picture.
 */
export function numberRange(rule: NumberRule): Range {
  const f = unitFactor(rule);
  const [a = 0, b = a] = rule.value;
  let r: Range;
  switch (rule.method) {
    case '=': {
      const half = 10 ** -decimalsOf(a) / 2;
      r = { lo: (a - half) * f, hi: (a + half) * f, loInclusive: true, hiInclusive: false };
      break;
    }
    case '>': r = { lo: a * f, hi: Infinity, loInclusive: false, hiInclusive: false }; break;
    case '>=': r = { lo: a * f, hi: Infinity, loInclusive: true, hiInclusive: false }; break;
    case '<': r = { lo: 0, hi: a * f, loInclusive: false, hiInclusive: false }; break;
    case '<=': r = { lo: 0, hi: a * f, loInclusive: false, hiInclusive: true }; break;
    case 'between': r = { lo: a * f, hi: b * f, loInclusive: true, hiInclusive: true }; break;
  }
  if (r.lo <= 0) return { ...r, lo: 0, loInclusive: false };
  return r;
}

const DAY_START = (ms: number) => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d;
};

/** Local midnight `days` calendar days after the day of `ms` (DST-safe: not a multiple of 24 h). */
export function localMidnight(ms: number, days = 0): number {
  const d = DAY_START(ms);
  d.setDate(d.getDate() + days);
  return d.getTime();
}

/**
 * Dates compare by local calendar day: `on` is that day, `before`/`after` exclude it, `between`
 * includes both days, `within [n]` is today and the n-1 days before it.
 */
export function dateRange(rule: DateRule, now: number): Range {
  const [a = 0, b = a] = rule.value;
  const span = (lo: number, hi: number): Range => ({ lo, hi, loInclusive: true, hiInclusive: false });
  switch (rule.method) {
    case 'on': return span(localMidnight(a), localMidnight(a, 1));
    case 'before': return span(-Infinity, localMidnight(a));
    case 'after': return span(localMidnight(a, 1), Infinity);
    case 'between': return span(localMidnight(a), localMidnight(b, 1));
    case 'within': return span(localMidnight(now, 1 - a), localMidnight(now, 1));
  }
}
