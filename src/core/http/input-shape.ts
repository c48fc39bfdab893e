/**
 * Checks every request input before its schema does: no string (value or field name) that is not
 * well-formed Unicode, and no nesting deeper than any endpoint needs. A lone surrogate would be
 * stored and then break every view that encodes it (encodeURIComponent throws "URI malformed"),
 * and a very deep value would overflow the stack of the recursive schema checks (a 500).
 * Iterative, so the check itself cannot overflow.
 */
import { invalid } from './errors';
import { formatPath } from './read-input';

/** Smart-folder conditions are the deepest input: body → conditions[g] → rules[i] → value[k]. */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /\p{Cs}/u;

export const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

const named = (path: readonly PropertyKey[]) => formatPath(path) || 'The request body';

export function checkInputShape(raw: unknown, at: readonly PropertyKey[] = []): void {
  const pending: { value: unknown; path: readonly PropertyKey[] }[] = [{ value: raw, path: at }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isWellFormed(value)) throw invalid(`${named(path)}: must be well-formed Unicode text (it holds a lone surrogate).`);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length - at.length >= MAX_INPUT_DEPTH) {
      throw invalid(`${named(path)}: is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`);
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormed(key)) throw invalid(`${named(path)}: holds a field name that is not well-formed Unicode text.`);
      pending.push({ value: item, path: [...path, key] });
    }
  }
}
