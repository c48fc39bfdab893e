/**
 * What search knows about one item: its searchable fields turned into its search terms (its
 * posting list terms, and each field's words, kept in the item row), and the phrase check made on
 * those words.
 */
import type { ItemRow, SearchTerms } from '../storage/rows';
import type { PhraseCheck } from './query-plan';
import { TEXT_FIELD_MARK } from './text-field';
import { termsOf, wordsOf, type Word } from './tokenize';

/** Name, ext, tags, annotation, url, folder names and comment text (docs/contract.md#full-text-query), one per field. */
export function searchableFields(row: ItemRow, folderNames: readonly string[], comments: readonly string[]): string[] {
  return [row.name, row.ext, ...row.tags, row.annotation, row.url, ...folderNames, ...comments];
}

export function searchTermsOf(fields: readonly string[], contentText = ''): SearchTerms {
  const terms = new Set<string>();
  const text: string[] = [];
  for (const term of termsOf(contentText)) terms.add(TEXT_FIELD_MARK + term);
  // The content text's words come last, once it has any: a phrase of it checks that field alone.
  for (const field of contentText ? [...fields, contentText] : fields) {
    for (const term of termsOf(field)) terms.add(term);
    const words = wordsOf(field);
    if (words.length) text.push(words.map((word) => word.text).join(' '));
  }
  return { terms: [...terms], text };
}

/**
 * `row` (a new object) with its search terms: the item's own fields, the names of its folders
 * (those `folderNames` knows), its comments' texts and its content text (OCR, a text file's). The search index's derive step and a
 * published index (publish/published-index.ts) both make them here, so they cannot drift apart.
 */
export function withSearchTerms(row: ItemRow, folderNames: ReadonlyMap<string, string>, comments: readonly string[], contentText = ''): ItemRow {
  const names = row.folders.flatMap((id) => folderNames.get(id) ?? []);
  return { ...row, search: searchTermsOf(searchableFields(row, names, comments), contentText) };
}

/**
 * The phrase's words in order and adjacent inside one field. A CJK word has no word boundaries:
 * it may end the field word where the phrase starts, start the one where it ends, or lie inside.
 * A content-text phrase's rows have content text (its marked terms matched), whose words come last.
 */
export function phraseOccurs(text: readonly string[], phrase: PhraseCheck): boolean {
  const n = phrase.words.length;
  return (phrase.contentText ? text.slice(-1) : text).some((field) => {
    const words = field.split(' ');
    for (let start = 0; start + n <= words.length; start++) {
      if (phrase.words.every((word, i) => wordMatches(words[start + i]!, word, i === 0, i === n - 1, phrase.prefixLast))) return true;
    }
    return false;
  });
}

function wordMatches(candidate: string, word: Word, first: boolean, last: boolean, prefixLast: boolean): boolean {
  if (word.cjk) {
    if (first && last) return candidate.includes(word.text);
    if (first) return candidate.endsWith(word.text);
    if (last) return candidate.startsWith(word.text);
    return candidate === word.text;
  }
  return last && prefixLast ? candidate.startsWith(word.text) : candidate === word.text;
}
