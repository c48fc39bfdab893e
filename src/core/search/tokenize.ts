/**
 * The one tokenizer of full-text search, shared by indexing and querying so that both sides agree
 * on what a word is. Text is folded (Unicode compatibility forms, diacritics and a few special
 * letters), split into words of letters and digits (Han, Kana and Hangul runs become words of their
 * own), then lower-cased. See docs/decisions/full-text-search.md.
 */

import { lazyValue } from '../shared/lazy-value';

/** A word of searchable text, lower-cased and folded. `cjk`: a run of Han, Kana or Hangul. */
export interface Word {
  text: string;
  cjk: boolean;
}

/** Index terms longer than this are cut; queries cut their lookups the same way and verify the rest. */
export const MAX_TERM_LENGTH = 64;

// Combining diacritical marks (general, extended, supplement, for symbols, half marks). Marks of
// other scripts are kept: they carry meaning there (Indic vowel signs, the kana voicing marks).
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

// Letters that compatibility decomposition leaves alone but that people type without the stroke.
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O',
  đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', ð: 'd', Ð: 'D', ı: 'i',
};
const SPECIAL_LETTERS = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

const CJK_SCRIPTS = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}';
const CJK_LETTER = `(?=[${CJK_SCRIPTS}])[\\p{L}\\p{N}]`;
const OTHER_LETTER = `(?![${CJK_SCRIPTS}])[\\p{L}\\p{N}]`;
/**
 * Group 1: a CJK run; group 2: any other run of letters and digits (marks stay with their letter).
 * Made on first use: building its Unicode sets was the largest single piece of a worker's start.
 */
const words = lazyValue(() => new RegExp(`((?:${CJK_LETTER}\\p{M}*)+)|((?:${OTHER_LETTER}\\p{M}*)+)`, 'gu'));

/** camelCase, ACRONYMWord and letter/digit boundaries inside one word (case still known here); made on first use too. */
const wordParts = lazyValue(() => /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[^\p{Lu}\p{Ll}\p{N}]+/gu);

/** Compatibility forms, diacritics and special letters folded; case kept. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .normalize('NFC')
    .replace(SPECIAL_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/** Lower case, with the Greek final sigma made ordinary so "ΟΔΟΣ" and "οδοσ" agree. */
const lower = (text: string) => text.toLowerCase().replace(/ς/g, 'σ');

function* casedWords(text: string): Generator<Word> {
  for (const match of foldText(text).matchAll(words())) {
    yield match[1] !== undefined ? { text: match[1], cjk: true } : { text: match[0], cjk: false };
  }
}

/** The words of a text in order, as phrases and query terms see them. */
export function wordsOf(text: string): Word[] {
  return [...casedWords(text)].map((word) => ({ text: lower(word.text), cjk: word.cjk }));
}

/** Overlapping character pairs of a CJK word, plus its last character alone, so that every
 *  character of the word starts some term: a one-character query finds it by prefix. */
export function cjkTerms(word: string): string[] {
  const chars = [...word];
  const terms: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
  const last = chars.at(-1);
  if (last !== undefined) terms.push(last);
  return terms;
}

/** The index terms of a text: each word, its camelCase and number parts, CJK character pairs. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of casedWords(text)) {
    if (word.cjk) {
      terms.push(...cjkTerms(word.text));
      continue;
    }
    terms.push(lower(word.text));
    const parts = word.text.match(wordParts()) ?? [];
    if (parts.length > 1) terms.push(...parts.map(lower));
  }
  return terms.map((term) => (term.length > MAX_TERM_LENGTH ? term.slice(0, MAX_TERM_LENGTH) : term));
}
