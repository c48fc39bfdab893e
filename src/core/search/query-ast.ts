/** The syntax tree of a full-text query (docs/contract.md#full-text-query) and its syntax error. */

export type QueryNode =
  /** A bare word; `-` and other punctuation inside it are part of it (`t-shirt`). */
  | { type: 'term'; text: string }
  /** A quoted phrase: its words in that order, adjacent; `field: 'text'` for `text:"a b"` (in content text). */
  | { type: 'phrase'; text: string; field?: 'text' }
  | { type: 'not'; operand: QueryNode }
  | { type: 'and'; operands: QueryNode[] }
  | { type: 'or'; operands: QueryNode[] };

/** A query that does not parse; `position` is the 1-based character (code point) of the problem. */
export class QuerySyntaxError extends Error {
  override name = 'QuerySyntaxError';
  readonly position: number;

  constructor(
    readonly reason: string,
    query: string,
    /** UTF-16 index into `query`. */
    index: number,
  ) {
    const position = [...query.slice(0, index)].length + 1;
    super(`${reason} (at character ${position})`);
    this.position = position;
  }
}
