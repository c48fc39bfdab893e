// Cutting text to a length without leaving half a surrogate pair, which the API refuses.
import { describe, expect, it } from 'vitest';
import { isWellFormed } from '../../src/core/http/input-shape';
import { cutText } from '../../src/shared/cut-text';

describe('cutText', () => {
  it.each([
    ['short text, kept whole', 'abc', 5, 'abc'],
    ['a cut between characters', 'abcdef', 3, 'abc'],
    ['an emoji that fits, kept', 'ab\u{1F600}c', 4, 'ab\u{1F600}'],
    ['a cut inside an emoji: the half is dropped', 'ab\u{1F600}c', 3, 'ab'],
    ['nothing to keep', '\u{1F600}', 1, ''],
  ])('%s', (_case, text, max, expected) => {
    const cut = cutText(text, max);
    expect(cut).toBe(expected);
    expect(isWellFormed(cut)).toBe(true);
  });
});
