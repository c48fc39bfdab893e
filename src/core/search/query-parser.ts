/**
 * Parses a full-text query into a syntax tree (pure: no storage, no normalisation of words).
 *
 *   query  := or
 *   or     := and (("OR" | "||") and)*
 *   and    := unary unary*            (juxtaposition)
 *   unary  := "-" unary | word | "phrase" | "(" or ")"
 *
 * So `-` binds tightest, then AND, then OR (docs/contract.md#full-text-query): `a b OR c` is `(a b) OR c`.
 * An empty query (only whitespace) parses to null.
 */
import { QuerySyntaxError, type QueryNode } from './query-ast';
import { lexQuery, type QueryToken } from './query-lexer';

export function parseQuery(query: string): QueryNode | null {
  return new Parser(query).parse();
}

class Parser {
  private readonly tokens: QueryToken[];
  private next = 0;

  constructor(private readonly query: string) {
    this.tokens = lexQuery(query);
  }

  parse(): QueryNode | null {
    if (this.tokens.length === 0) return null;
    const node = this.parseOr();
    const extra = this.peek();
    if (extra) throw this.unmatchedClose(extra);
    return node;
  }

  private peek(): QueryToken | undefined {
    return this.tokens[this.next];
  }

  private error(reason: string, token: QueryToken): QuerySyntaxError {
    return new QuerySyntaxError(reason, this.query, token.index);
  }

  private parseOr(): QueryNode {
    const operands = [this.parseAnd()];
    for (let token = this.peek(); token?.kind === 'or'; token = this.peek()) {
      this.next += 1;
      const after = this.peek();
      if (!after || after.kind === 'or' || after.kind === 'close') throw this.orError(token);
      operands.push(this.parseAnd());
    }
    return operands.length === 1 ? operands[0]! : { type: 'or', operands };
  }

  private parseAnd(): QueryNode {
    const operands: QueryNode[] = [];
    for (let token = this.peek(); token && token.kind !== 'or' && token.kind !== 'close'; token = this.peek()) {
      operands.push(this.parseUnary());
    }
    const stop = this.peek();
    // Empty only at the start of the query or of a group (parseOr and parseGroup check the rest):
    // "OR a", "(OR a)", or a ")" opening the query.
    if (operands.length === 0) throw stop?.kind === 'or' ? this.orError(stop) : this.unmatchedClose(stop!);
    return operands.length === 1 ? operands[0]! : { type: 'and', operands };
  }

  private parseUnary(): QueryNode {
    const token = this.tokens[this.next++]!;
    switch (token.kind) {
      case 'not':
        return { type: 'not', operand: this.parseUnary() };
      case 'word':
        return { type: 'term', text: token.text };
      case 'phrase':
        return { type: 'phrase', text: token.text, ...(token.field ? { field: token.field } : {}) };
      case 'open':
        return this.parseGroup(token);
      case 'or':
        // Only after "-": `-OR` excludes the word "or" (`||` after "-" never lexes as NOT).
        return { type: 'term', text: 'OR' };
      default:
        throw new Error(`parseUnary reached a ${token.kind} token`);
    }
  }

  private parseGroup(open: QueryToken): QueryNode {
    if (this.peek()?.kind === 'close') throw this.error('empty parentheses', open);
    if (!this.peek()) throw this.error('unbalanced parenthesis: the "(" opened here is never closed', open);
    const node = this.parseOr();
    if (this.peek()?.kind !== 'close') throw this.error('unbalanced parenthesis: the "(" opened here is never closed', open);
    this.next += 1;
    return node;
  }

  private unmatchedClose(token: QueryToken): QuerySyntaxError {
    return this.error('unbalanced parenthesis: this ")" has no matching "("', token);
  }

  private orError(token: QueryToken): QuerySyntaxError {
    return this.error('"OR" needs a search term on each side', token);
  }
}
