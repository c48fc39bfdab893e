/**
 * `regex` rules run on RE2JS, a linear-time engine (no backtracking), so no pattern can hang the
 * service worker: `(a+)+$` on a long name answers as fast as `a`. See docs/decisions/smart-folders.md.
 *
 * RE2JS is 150 KB of script that a worker's first answer never needs: imported dynamically, it is
 * a piece of its own in the service worker, evaluated on first use (docs/decisions/service-worker-startup.md).
 * Rules are checked and run synchronously (in a zod transform, inside transactions), so a write
 * loads it before its transaction (`loadRegexEngine` in the write pipeline's `prepare`), and a read
 * that meets a regex rule first stops with `NotLoaded`, which the router answers by loading it and
 * running the request again.
 */
import type { RE2JS } from 're2js';
import { NotLoaded } from '../shared/not-loaded';

export const MAX_PATTERN_LENGTH = 500;
/** RE2's own measure of a compiled program's cost; bounds memory and per-character work. */
const MAX_PROGRAM_SIZE = 5000;

let engine: typeof RE2JS | undefined;

export async function loadRegexEngine(): Promise<void> {
  engine ??= (await import('re2js')).RE2JS;
}

function regexEngine(): typeof RE2JS {
  if (!engine) throw new NotLoaded('The regular expression engine (RE2JS)', loadRegexEngine);
  return engine;
}

export type PatternCheck = { ok: true; regex: RE2JS } | { ok: false; reason: string };

/** Compiles a user pattern (JavaScript or RE2 syntax), case-insensitive as docs/contract.md#smart-folders asks. */
export function compilePattern(pattern: string): PatternCheck {
  if (pattern.length > MAX_PATTERN_LENGTH) return { ok: false, reason: `must be at most ${MAX_PATTERN_LENGTH} characters` };
  const re2 = regexEngine();
  let regex: RE2JS;
  try {
    regex = re2.compile(re2.translateRegExp(pattern), re2.CASE_INSENSITIVE);
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
