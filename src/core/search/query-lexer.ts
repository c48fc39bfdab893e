/**
 * Splits a query into tokens. Whitespace separates tokens; `(`, `)`, `"` and `||` also end a word,
 * except that `text:` directly before a quote makes that phrase the field's (`text:"a b"`).
 * `-` is NOT only at the start of a token and directly before what it negates (`-cat`, `-"a b"`,
 * `-(a b)`); inside a word it is part of the word (`t-shirt`). `OR` in upper case on its own is the
 * operator; `or` is an ordinary word.
 */
import { QuerySyntaxError } from './query-ast';

export type QueryToken =
  | { kind: 'word'; text: string; index: number }
  | { kind: 'phrase'; text: string; index: number; field?: 'text' }
  | { kind: 'open' | 'close' | 'or' | 'not'; index: number };

const SPACE = /\s/u;

function endsWord(query: string, i: number): boolean {
  const ch = query[i];
  return ch === undefined || SPACE.test(ch) || ch === '(' || ch === ')' || ch === '"' || query.startsWith('||', i);
}

/** `-` directly followed by a word, a quote, a group or another `-`. */
function isNegation(query: string, i: number): boolean {
  return query[i] === '-' && (query[i + 1] === '"' || query[i + 1] === '(' || !endsWord(query, i + 1));
}

export function lexQuery(query: string): QueryToken[] {
  const tokens: QueryToken[] = [];
  let i = 0;
  while (i < query.length) {
    const ch = query[i]!;
    if (SPACE.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'open' : 'close', index: i });
      i += 1;
    } else if (query.startsWith('||', i)) {
      tokens.push({ kind: 'or', index: i });
      i += 2;
    } else if (ch === '"') {
      i = lexPhrase(query, i, tokens);
    } else if (isNegation(query, i)) {
      tokens.push({ kind: 'not', index: i });
      i += 1;
    } else {
      let end = i + 1;
      while (!endsWord(query, end)) end += 1;
      const text = query.slice(i, end);
      // `text:"a b"`: the field's phrase (the quote ends the word `text:` on its own).
      if (query[end] === '"' && /^text:$/i.test(text)) i = lexPhrase(query, end, tokens, { field: 'text', index: i });
      else {
        tokens.push(text === 'OR' ? { kind: 'or', index: i } : { kind: 'word', text, index: i });
        i = end;
      }
    }
  }
  return tokens;
}

/** The phrase whose quote opens at `quote`; answers where lexing goes on. */
function lexPhrase(query: string, quote: number, tokens: QueryToken[], of: { field?: 'text'; index?: number } = {}): number {
  const end = query.indexOf('"', quote + 1);
  if (end < 0) throw new QuerySyntaxError('unbalanced quote: the " opened here is never closed', query, quote);
  tokens.push({ kind: 'phrase', text: query.slice(quote + 1, end), index: of.index ?? quote, ...(of.field ? { field: of.field } : {}) });
  return end + 1;
}
