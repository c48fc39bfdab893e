import { describe, expect, it } from 'vitest';
import { countDeltas, newlyApplied, type ItemChange } from '../../src/core/storage/item-changes';
import type { ItemRow } from '../../src/core/storage/rows';

const row = (tags: string[], isDeleted = false) => ({ tags, isDeleted }) as ItemRow;
const byTags = (r: ItemRow) => r.tags;

describe('item change arithmetic', () => {
  it.each<[string, ItemChange[], Record<string, number>]>([
    ['add', [{ after: row(['a', 'b']) }], { a: 1, b: 1 }],
    ['remove', [{ before: row(['a']) }], { a: -1 }],
    ['retag', [{ before: row(['a', 'b']), after: row(['b', 'c']) }], { a: -1, c: 1 }],
    ['trash', [{ before: row(['a']), after: row(['a'], true) }], { a: -1 }],
    ['restore', [{ before: row(['a'], true), after: row(['a']) }], { a: 1 }],
    ['retag in trash', [{ before: row(['a'], true), after: row(['b'], true) }], {}],
    ['two items', [{ after: row(['a']) }, { after: row(['a']) }], { a: 2 }],
  ])('countDeltas: %s', (_name, changes, expected) => {
    expect(Object.fromEntries(countDeltas(changes, byTags))).toEqual(expected);
  });

  it.each<[string, ItemChange[], string[]]>([
    ['new item', [{ after: row(['a', 'b']) }], ['a', 'b']],
    ['added tag only', [{ before: row(['a']), after: row(['a', 'b']) }], ['b']],
    ['removal applies nothing', [{ before: row(['a']) }], []],
  ])('newlyApplied: %s', (_name, changes, expected) => {
    expect(newlyApplied(changes, byTags)).toEqual(expected);
  });
});
