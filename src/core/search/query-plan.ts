/**
 * Turns a query's syntax tree into a plan over the term posting lists: each term or phrase becomes a
 * `match` of index lookups (words through the shared tokenizer), plus a phrase check where the
 * lookups alone could match more than the text does. Terms without letters or digits are dropped.
 */
import type { QueryNode } from './query-ast';
import { TEXT_FIELD, TEXT_FIELD_MARK } from './text-field';
import { MAX_TERM_LENGTH, wordsOf, type Word } from './tokenize';

/** One read of the term posting lists: the exact term, or every term starting with it. */
export interface Lookup {
  term: string;
  prefix: boolean;
}

/**
 * Words that must occur in this order, adjacent, within one field; the last may be a prefix.
 * `contentText`: within the content text (`text:"a b"`), not any field.
 */
export interface PhraseCheck {
  words: Word[];
  prefixLast: boolean;
  contentText?: boolean;
}

export type Plan =
  | { type: 'match'; lookups: Lookup[]; phrase?: PhraseCheck }
  | { type: 'and'; operands: Plan[] }
  | { type: 'or'; operands: Plan[] }
  | { type: 'not'; operand: Plan };

/** null: the query has no condition (lists everything). */
export function planQuery(node: QueryNode | null): Plan | null {
  if (!node) return null;
  switch (node.type) {
    case 'term':
      return TEXT_FIELD.test(node.text) ? planWords(node.text.replace(TEXT_FIELD, ''), false, TEXT_FIELD_MARK) : planWords(node.text, false);
    case 'phrase':
      return planWords(node.text, true, node.field === 'text' ? TEXT_FIELD_MARK : '');
    case 'not': {
      const operand = planQuery(node.operand);
      if (!operand) return null;
      return operand.type === 'not' ? operand.operand : { type: 'not', operand };
    }
    case 'and':
    case 'or': {
      const operands = node.operands.flatMap((child) => {
        const plan = planQuery(child);
        if (!plan) return [];
        return plan.type === node.type ? plan.operands : [plan];
      });
      if (operands.length <= 1) return operands[0] ?? null;
      return { type: node.type, operands };
    }
  }
}

/**
 * A bare term matches words starting with it; a term of several words (`t-shirt`, `example.com`)
 * is a phrase whose last word may be a prefix. A quoted phrase matches whole words only.
 */
function planWords(text: string, quoted: boolean, mark = ''): Plan | null {
  const words = wordsOf(text);
  if (words.length === 0) return null;
  const prefixLast = !quoted;
  const lookups = new Map<string, Lookup>();
  words.forEach((word, i) => {
    for (const { term, prefix } of lookupsOf(word, prefixLast && i === words.length - 1)) lookups.set(`${prefix}:${mark}${term}`, { term: mark + term, prefix });
  });
  const single = words.length === 1 ? words[0]! : undefined;
  const lookupsSuffice = !quoted && single !== undefined && (single.cjk ? [...single.text].length <= 2 : single.text.length <= MAX_TERM_LENGTH);
  const plan: Plan = { type: 'match', lookups: [...lookups.values()] };
  return lookupsSuffice ? plan : { ...plan, phrase: { words, prefixLast, ...(mark === TEXT_FIELD_MARK ? { contentText: true } : {}) } };
}

/** CJK text is indexed as character pairs plus each run's last character (see tokenize.ts). */
function lookupsOf(word: Word, prefix: boolean): Lookup[] {
  if (word.cjk) {
    const chars = [...word.text];
    if (chars.length === 1) return [{ term: word.text, prefix: true }];
    return chars.slice(1).map((char, i) => ({ term: chars[i]! + char, prefix: false }));
  }
  if (word.text.length > MAX_TERM_LENGTH) return [{ term: word.text.slice(0, MAX_TERM_LENGTH), prefix: true }];
  return [{ term: word.text, prefix }];
}
