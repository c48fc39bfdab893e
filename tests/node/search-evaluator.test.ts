// The index-driven evaluation (set algebra, row checks on small candidate sets) must agree with a
// naive reading of the query over every item's words, on a library large enough to take both paths.
import { beforeAll, describe, expect, it } from 'vitest';
import { makeItemRow } from './fixtures/item-rows';
import { openTestLibrary, putItems, type TestLibrary } from './fixtures/search-library';
import type { QueryNode } from '../../src/core/search/query-ast';
import { parseQuery } from '../../src/core/search/query-parser';
import { searchCandidates } from '../../src/core/search/search.service';
import type { ItemRow } from '../../src/core/storage/rows';

// Word i is drawn with weight 1/(i+1): some words are common, some rare. None starts with "png".
const VOCABULARY = ['alpha', 'beta', 'gamma', 'delta', 'red', 'car', 'carpet', 'cat', 'category', 'epsilon', 'zeta', 'eta', 'theta', 'iota'];
const ITEM_COUNT = 600;

function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(): ItemRow[] {
  const next = random(42);
  const weights = VOCABULARY.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const word = () => {
    let r = next() * total;
    for (let i = 0; i < VOCABULARY.length; i++) if ((r -= weights[i]!) < 0) return VOCABULARY[i]!;
    return VOCABULARY.at(-1)!;
  };
  return Array.from({ length: ITEM_COUNT }, () => {
    const words = Array.from({ length: 1 + Math.floor(next() * 5) }, word);
    return makeItemRow({ name: words.join(' '), isDeleted: next() < 0.05 });
  });
}

/** The meaning of a query read directly off the syntax tree (plain lower-case ASCII words only). */
function naive(node: QueryNode | null, words: string[]): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'term':
      return words.some((w) => w.startsWith(node.text));
    case 'phrase': {
      const phrase = node.text.split(' ');
      return words.some((_, i) => phrase.every((p, j) => words[i + j] === p));
    }
    case 'not':
      return !naive(node.operand, words);
    case 'and':
      return node.operands.every((operand) => naive(operand, words));
    case 'or':
      return node.operands.some((operand) => naive(operand, words));
  }
}

describe('query evaluation agrees with a naive reading', () => {
  const items = generate();
  let lib: TestLibrary;

  beforeAll(async () => {
    lib = await openTestLibrary();
    await putItems(lib, items);
  });

  it.each([
    'alpha', 'iota', 'ca', 'c', 'alpha beta', 'beta alpha gamma', 'iota alpha', 'alpha OR iota', 'alpha || beta || gamma',
    'alpha -beta', 'iota -alpha', '-alpha', '-alpha -beta', '-(alpha OR beta)', 'car -carpet', 'cat -category',
    '"alpha beta"', '"red car"', '"car red" OR theta', 'alpha -"alpha beta"', '(alpha OR beta) -(gamma OR delta)',
    '(iota OR theta) (alpha OR beta)', 'alpha beta gamma delta', 'alpha OR -beta', '"alpha alpha"', 'nothing', '',
  ])('%s', async (query) => {
    const tree = parseQuery(query);
    const expected = items
      .filter((item) => !item.isDeleted && naive(tree, [...item.name.split(' '), item.ext]))
      .map((item) => item.pk)
      .sort();
    const { pks, exclude } = await searchCandidates(lib.library.db, query);
    const all = await lib.library.db.items.toCollection().primaryKeys();
    expect((pks ?? all).filter((pk) => !exclude.has(pk))).toEqual(expected);
  });
});
