/**
 * `regex` rules run on RE2JS, a linear-time engine (no backtracking), so no pattern can hang the
 * service worker: `(a+)+$` on a long name answers as fast as `a`. See docs/decisions/smart-folders.md.
 */
import { RE2JS } from 're2js';

export const MAX_PATTERN_LENGTH = 500;
/** RE2's own measure of a compiled program's cost; bounds memory and per-character work. */
const MAX_PROGRAM_SIZE = 5000;

export type PatternCheck = { ok: true; regex: RE2JS } | { ok: false; reason: string };

/** Compiles a user pattern (JavaScript or RE2 syntax), case-insensitive as decisions.md asks. */
export function compilePattern(pattern: string): PatternCheck {
  if (pattern.length > MAX_PATTERN_LENGTH) return { ok: false, reason: `must be at most ${MAX_PATTERN_LENGTH} characters` };
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const hint = /Perl syntax|escape sequence/.test(detail) ? '; lookarounds and backreferences are not supported' : '';
    return { ok: false, reason: `is not a valid regular expression (${detail})${hint}` };
  }
  if (regex.programSize() > MAX_PROGRAM_SIZE) return { ok: false, reason: 'is too complex (reduce repetition counts such as {1000})' };
  return { ok: true, regex };
}

/** A test function for a pattern already validated when the rule was stored. */
export function patternTester(pattern: string): (text: string) => boolean {
  const checked = compilePattern(pattern);
  if (!checked.ok) return () => false;
  return (text) => checked.regex.test(text);
}
