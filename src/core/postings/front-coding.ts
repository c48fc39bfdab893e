/**
 * Front coding of a sorted key list as one string (docs/decisions/write-path-profile.md, "tails as
 * one front-coded string"): each key is written as the length of the prefix it shares with the key
 * before it, the length of the rest, then the rest. Item keys are `<importedAt>:<id>` with time-based
 * ids, so the keys of one tail share most of their characters: a tail of 64 keys takes about a
 * quarter of the bytes of an array of them, and it is one value to clone instead of 64.
 *
 * A length n is the character OFFSET + n: printable ASCII for lengths up to 86 (JSON keeps it one
 * byte and unescaped), still one UTF-16 unit below the surrogates for any key an item may have.
 */

/** Names the coding in the published index's layout (published-index.ts). */
export const TAIL_CODING = 'front';

const OFFSET = 40;
/** The longest length a single character holds (below the surrogate range). */
const MAX_LENGTH = 0xd7ff - OFFSET;

/** Sorted keys as one string. */
export function frontCode(keys: readonly string[]): string {
  let code = '';
  let previous = '';
  for (const key of keys) {
    let shared = 0;
    const most = Math.min(previous.length, key.length, MAX_LENGTH);
    while (shared < most && previous.charCodeAt(shared) === key.charCodeAt(shared)) shared++;
    const rest = key.length - shared;
    if (rest > MAX_LENGTH) throw new RangeError(`a key of ${key.length} characters is too long for a posting tail`);
    code += String.fromCharCode(OFFSET + shared, OFFSET + rest) + key.slice(shared);
    previous = key;
  }
  return code;
}

/** The keys of a front-coded string, in order. */
export function frontDecode(code: string): string[] {
  const keys: string[] = [];
  let previous = '';
  for (let at = 0; at < code.length; ) {
    const shared = code.charCodeAt(at) - OFFSET;
    const rest = code.charCodeAt(at + 1) - OFFSET;
    previous = previous.slice(0, shared) + code.slice(at + 2, at + 2 + rest);
    keys.push(previous);
    at += 2 + rest;
  }
  return keys;
}

/** How many keys a front-coded string holds, without decoding them. */
export function frontCount(code: string): number {
  let count = 0;
  for (let at = 0; at < code.length; at += 2 + code.charCodeAt(at + 1) - OFFSET) count++;
  return count;
}
