/**
 * A searchByText query, read word by word: colour words become colour signals; words no signal of
 * this build covers are reported back, never guessed at. Pure.
 */
import { COLOUR_WORDS, type ColourName } from './colour-names';

/** Words that carry no content in a picture query. */
const FILLER = new Set([
  'a', 'an', 'the', 'of', 'on', 'in', 'at', 'with', 'and', 'or', 'to', 'by', 'for', 'from', 'some', 'is', 'are',
  'photo', 'photos', 'picture', 'pictures', 'image', 'images', 'showing', 'shows', 'something', 'things', 'thing',
  'coloured', 'colored', 'colour', 'color', 'ish', 'mostly', 'very', 'light', 'bright',
]);

export interface TextQuery {
  colours: ColourName[];
  /** Content words that no signal covers. */
  unmatched: string[];
}

export function readTextQuery(text: string): TextQuery {
  const colours = new Set<ColourName>();
  const unmatched: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (FILLER.has(word)) continue;
    const colour = COLOUR_WORDS[word] ?? COLOUR_WORDS[word.replace(/ish$/, '')];
    if (colour) colours.add(colour);
    else unmatched.push(word);
  }
  return { colours: [...colours], unmatched };
}
