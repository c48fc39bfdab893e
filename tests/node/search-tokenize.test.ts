import { describe, expect, it } from 'vitest';
import { MAX_TERM_LENGTH, termsOf, wordsOf } from '../../src/core/search/tokenize';

describe('search tokenizer', () => {
  it.each<[string, string, string[]]>([
    ['lower case', 'Red CAR', ['red', 'car']],
    ['diacritics folded', 'Café Crème brûlée', ['cafe', 'creme', 'brulee']],
    ['special letters folded', 'Łódź Straße Ærø', ['lodz', 'strasse', 'aero']],
    ['compatibility forms', 'ＡＢＣ ﬁle ①', ['abc', 'file', '1']],
    ['Greek final sigma', 'ΟΔΟΣ οδος', ['οδοσ', 'οδοσ']],
    ['dotted capital I', 'İstanbul', ['istanbul']],
    ['splits on non-letters', 't-shirt, foo_bar/baz.qux', ['t', 'shirt', 'foo', 'bar', 'baz', 'qux']],
    ['keeps letters and digits together', 'img2024 4k', ['img2024', '4k']],
    ['CJK runs are words of their own', '黑猫abc 图片', ['黑猫', 'abc', '图片']],
    ['kana voicing marks are kept', 'がガｶﾞ', ['がガガ']],
    ['Hangul stays composed', '한국어', ['한국어']],
    ['Indic vowel signs are kept', 'हिंदी', ['हिंदी']],
    ['only punctuation', '-- !! ..', []],
  ])('wordsOf: %s', (_name, text, expected) => {
    expect(wordsOf(text).map((word) => word.text)).toEqual(expected);
  });

  it.each<[string, string, string[]]>([
    ['camelCase parts besides the word', 'fooBar', ['foobar', 'foo', 'bar']],
    ['acronym followed by a word', 'HTMLParser', ['htmlparser', 'html', 'parser']],
    ['letter/number boundaries', 'img2024', ['img2024', 'img', '2024']],
    ['one part: no duplicates', 'plain', ['plain']],
    ['CJK: overlapping pairs and the last character', '黑猫图片', ['黑猫', '猫图', '图片', '片']],
    ['CJK: one character', '猫', ['猫']],
    ['Hangul pairs', '한국어', ['한국', '국어', '어']],
    ['long words are cut', 'x'.repeat(100), ['x'.repeat(MAX_TERM_LENGTH)]],
  ])('termsOf: %s', (_name, text, expected) => {
    expect(termsOf(text)).toEqual(expected);
  });

  it('marks CJK words', () => {
    expect(wordsOf('猫 cat')).toEqual([
      { text: '猫', cjk: true },
      { text: 'cat', cjk: false },
    ]);
  });
});
