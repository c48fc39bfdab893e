/**
 * Reading and writing Eagle's JSON files (library-format.md §1): plain `JSON.stringify` output,
 * and tolerant readers that default every missing or mistyped key as Eagle does.
 */
import type { EagleRecord } from '../storage/rows';

/** Eagle's encoding: compact, no BOM, no trailing newline. */
export const eagleJson = (value: unknown): string => JSON.stringify(value);

export function parseJson(text: string): unknown {
  return JSON.parse(text.replace(/^\uFEFF/, ''));
}

export const isRecord = (value: unknown): value is EagleRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** Numbers, also when an old writer stored them as strings ("12.5"). */
export function num(value: unknown, fallback = 0): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return fallback;
}

export const bool = (value: unknown): boolean => value === true;

export const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

export const records = (value: unknown): EagleRecord[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** Structural equality of JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((entry, i) => sameJson(entry, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  const otherKeys = Object.keys(b).filter((key) => b[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => sameJson(a[key], b[key]));
}

/**
 * Writes `now` (what this project holds) over `kept` (the record as it came in): keys whose value
 * did not change since the import (`then` = what the import made of `kept`) keep their original
 * value and place, changed keys take the new value, `undefined` removes a key. New records are
 * just `now` without its undefined keys.
 */
export function overlay(kept: EagleRecord | undefined, then: EagleRecord | undefined, now: EagleRecord): EagleRecord {
  const out: EagleRecord = kept ? { ...kept } : {};
  for (const key of Object.keys(now)) {
    if (kept && then && sameJson(now[key], then[key])) continue;
    if (now[key] === undefined) delete out[key];
    else out[key] = now[key];
  }
  return out;
}
