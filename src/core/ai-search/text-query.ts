/**
 * A searchByText query, read word by word: colour words become colour signals, object words
 * (labels, plurals, aliases) object signals; words no signal covers are reported back, never
 * guessed at. A colour word is a colour even when it names a fruit ("orange"). Pure.
 */
import { COLOUR_WORDS, type ColourName } from './colour-names';
import { readObjects, type CocoLabel } from './object-words';

/** Words that carry no content in a picture query. */
const FILLER = new Set([
  'a', 'an', 'the', 'of', 'on', 'in', 'at', 'with', 'and', 'or', 'to', 'by', 'for', 'from', 'some', 'is', 'are',
  'photo', 'photos', 'picture', 'pictures', 'image', 'images', 'showing', 'shows', 'something', 'things', 'thing',
  'coloured', 'colored', 'colour', 'color', 'ish', 'mostly', 'very', 'light', 'bright',
]);

export interface TextQuery {
  colours: ColourName[];
  objects: CocoLabel[];
  /** Per object label, the query's words that named it (searched in metadata too). */
  objectWords: Map<CocoLabel, string[]>;
  /** Content words that no signal covers. */
  unmatched: string[];
}

export function readTextQuery(text: string): TextQuery {
  const colours = new Set<ColourName>();
  const rest: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (FILLER.has(word)) continue;
    const colour = COLOUR_WORDS[word] ?? COLOUR_WORDS[word.replace(/ish$/, '')];
    if (colour) colours.add(colour);
    else rest.push(word);
  }
  const { labels, used, phrases } = readObjects(rest);
  return { colours: [...colours], objects: labels, objectWords: phrases, unmatched: rest.filter((_, i) => !used.has(i)) };
}
