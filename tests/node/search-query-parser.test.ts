import { describe, expect, it } from 'vitest';
import { QuerySyntaxError, type QueryNode } from '../../src/core/search/query-ast';
import { parseQuery } from '../../src/core/search/query-parser';

const t = (text: string): QueryNode => ({ type: 'term', text });
const p = (text: string): QueryNode => ({ type: 'phrase', text });
const not = (operand: QueryNode): QueryNode => ({ type: 'not', operand });
const and = (...operands: QueryNode[]): QueryNode => ({ type: 'and', operands });
const or = (...operands: QueryNode[]): QueryNode => ({ type: 'or', operands });

describe('query parser', () => {
  it.each<[string, string, QueryNode | null]>([
    // the syntax of docs/contract.md#full-text-query, row by row
    ['word', 'cat', t('cat')],
    ['a b (AND)', 'cat dog', and(t('cat'), t('dog'))],
    ['a OR b', 'cat OR dog', or(t('cat'), t('dog'))],
    ['a || b', 'cat || dog', or(t('cat'), t('dog'))],
    ['-word', '-cat', not(t('cat'))],
    ['"phrase"', '"red car"', p('red car')],
    ['(a OR b) c', '(cat OR dog) park', and(or(t('cat'), t('dog')), t('park'))],
    // negated phrases and groups
    ['-"phrase"', 'car -"red car"', and(t('car'), not(p('red car')))],
    ['-(group)', '-(cat OR dog)', not(or(t('cat'), t('dog')))],
    ['double negation stays in the tree', '--cat', not(not(t('cat')))],
    // precedence: NOT, then AND, then OR
    ['AND binds tighter than OR', 'a b OR c', or(and(t('a'), t('b')), t('c'))],
    ['AND binds tighter than OR (right)', 'a OR b c', or(t('a'), and(t('b'), t('c')))],
    ['|| has the precedence of OR', 'a b || c d', or(and(t('a'), t('b')), and(t('c'), t('d')))],
    ['NOT binds tighter than AND', '-a b', and(not(t('a')), t('b'))],
    ['NOT binds tighter than OR', '-a OR b', or(not(t('a')), t('b'))],
    ['OR chains', 'a OR b || c', or(t('a'), t('b'), t('c'))],
    // nesting
    ['nested groups', '((a OR b) (c OR -d)) OR e', or(and(or(t('a'), t('b')), or(t('c'), not(t('d')))), t('e'))],
    ['group around a single word', '(a)', t('a')],
    ['groups without spaces', '(a)(b)', and(t('a'), t('b'))],
    ['a phrase inside a group', '(x OR "a b")', or(t('x'), p('a b'))],
    // words and quotes
    ['- inside a word is part of it', 't-shirt', t('t-shirt')],
    ['- at the end of a word', 'well- done', and(t('well-'), t('done'))],
    ['a lone - is a word', 'a - b', and(t('a'), t('-'), t('b'))],
    ['-OR excludes the word', '-OR', not(t('OR'))],
    ['lower-case or is a word', 'cat or dog', and(t('cat'), t('or'), t('dog'))],
    ['Or is a word', 'cat Or dog', and(t('cat'), t('Or'), t('dog'))],
    ['OR glued to a word is a word', 'ORANGE', t('ORANGE')],
    ['|| ends a word', 'a||b', or(t('a'), t('b'))],
    ['a single | is part of a word', 'a|b', t('a|b')],
    ['a quote ends a word', 'big"red car"', and(t('big'), p('red car'))],
    ['OR inside quotes is text', '"this OR that"', p('this OR that')],
    ['parentheses inside quotes are text', '"a (b"', p('a (b')],
    ['an empty phrase', '""', p('')],
    ['CJK text is a word', '黑猫 图片', and(t('黑猫'), t('图片'))],
    ['tabs and newlines separate', 'a\tb\nc', and(t('a'), t('b'), t('c'))],
    ['punctuation stays in the word', 'example.com', t('example.com')],
    // the content text field
    ['text:word is a term', 'text:invoice', t('text:invoice')],
    ['text:"phrase" is the field\'s phrase', 'TEXT:"red car" -text:"blue"', and({ type: 'phrase', text: 'red car', field: 'text' }, not({ type: 'phrase', text: 'blue', field: 'text' }))],
    ['a word ending in text: before a quote is a word', 'context:"red car"', and(t('context:'), p('red car'))],
    // empty queries
    ['empty', '', null],
    ['only spaces', '   ', null],
  ])('%s: %s', (_name, query, expected) => {
    expect(parseQuery(query)).toEqual(expected);
  });

  it.each<[string, string, RegExp, number]>([
    ['unclosed quote', 'red "car', /quote/, 5],
    ['unclosed quote after a closed one', '"a" "b', /quote/, 5],
    ['unclosed negated quote', 'a -"b c', /quote/, 4],
    ['unclosed parenthesis', '(a OR b', /"\(" opened here is never closed/, 1],
    ['unclosed inner parenthesis', '(a (b)', /"\(" opened here is never closed/, 1],
    ['a parenthesis that ends the query', '(', /"\(" opened here is never closed/, 1],
    ['a parenthesis that ends a longer query', 'a (', /"\(" opened here is never closed/, 3],
    ['unmatched closing parenthesis', 'a) b', /"\)" has no matching "\("/, 2],
    ['closing parenthesis first', ')', /"\)" has no matching "\("/, 1],
    ['empty parentheses', 'a () b', /empty parentheses/, 3],
    ['negated empty parentheses', '-()', /empty parentheses/, 2],
    ['OR at the start', 'OR a', /"OR" needs a search term on each side/, 1],
    ['OR at the end', 'a OR', /"OR" needs a search term on each side/, 3],
    ['|| at the end', 'a ||', /"OR" needs a search term on each side/, 3],
    ['OR twice', 'a OR OR b', /"OR" needs a search term on each side/, 3],
    ['OR before a closing parenthesis', '(a OR) b', /"OR" needs a search term on each side/, 4],
    ['OR after an opening parenthesis', '(OR a)', /"OR" needs a search term on each side/, 2],
    ['positions count characters, not UTF-16 units', '😀 (a', /never closed/, 3],
  ])('%s: %s', (_name, query, reason, position) => {
    let thrown: unknown;
    try {
      parseQuery(query);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(QuerySyntaxError);
    expect((thrown as QuerySyntaxError).message).toMatch(reason);
    expect((thrown as QuerySyntaxError).position).toBe(position);
    expect((thrown as QuerySyntaxError).message).toContain(`at character ${position}`);
  });
});
