// Posting tails as one front-coded string (src/core/postings/front-coding.ts): the coding against
// the keys it codes, and the version 10 upgrade of a library whose packs hold tails as arrays.
import Dexie from 'dexie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIBRARY_UPGRADES } from '../../src/core/library-upgrades';
import { postingsOf } from '../../src/core/postings/build-postings';
import { frontCode, frontCount, frontDecode } from '../../src/core/postings/front-coding';
import { applyPostings, notePostings, readList, readListsStartingWith, type PostingDelta } from '../../src/core/postings/postings-store';
import { isPack, tailKeys } from '../../src/core/postings/term-packs';
import { searchableFields, searchTermsOf } from '../../src/core/search/search-document';
import { LibraryDb } from '../../src/core/storage/library-db';
import type { ItemRow, PackRow } from '../../src/core/storage/rows';
import { STORES_WITH_TERMS_TABLE } from './fixtures/before-terms-in-rows';
import { makeItemRow } from './fixtures/item-rows';
import { expectWellFormedBlocks, listsOf } from './fixtures/postings';

describe('front coding', () => {
  it('gives back the keys it coded, in order, and counts them without decoding', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 140, unit: 'binary' }), { maxLength: 80 }), fc.boolean(), (keys, sort) => {
        const list = sort ? [...keys].sort() : keys;
        const code = frontCode(list);
        expect(frontDecode(code)).toEqual(list);
        expect(frontCount(code)).toBe(list.length);
      }),
      { numRuns: 500 },
    );
  });

  it('codes a tail of item keys in well under half the characters of the keys as JSON', () => {
    const keys = Array.from({ length: 64 }, (_, i) => makeItemRow({ importedAt: 1_764_000_000_000 + Math.floor(i / 8) * 1000 }).pk).sort();
    const code = frontCode(keys);
    expect(JSON.stringify(code).length).toBeLessThan(JSON.stringify(keys).length / 2);
  });
});

/** The stores of LibraryDb version 9: version 8's without the terms table. */
const { terms: _terms, ...STORES_OF_VERSION_9 } = STORES_WITH_TERMS_TABLE;

const withSearch = (row: ItemRow): ItemRow => ({ ...row, search: searchTermsOf(searchableFields(row, [], [])) });

describe('upgrading a library whose packs hold tails as arrays (version 9)', () => {
  it('front-codes every tail, same packs, same lists, and writes go on', async () => {
    const name = `front-coded-tails-upgrade-${process.pid}`;
    const old = new Dexie(name);
    old.version(9).stores(STORES_OF_VERSION_9);
    const items = Array.from({ length: 900 }, (_, i) => withSearch(makeItemRow({ id: `ITEM${i}`, name: `photo w${i % 300} m${i % 7} r${i}`, tags: i % 3 ? ['sea'] : [`t${i % 40}`], importedAt: 1_700_000_000_000 + i })));
    const rows = postingsOf(items);
    const rebuilt = listsOf(rows);
    // The version 9 layout: the same rows, each pack's tails arrays of keys.
    const oldRows = rows.map((row) => (isPack(row) ? { ...row, lists: Object.fromEntries(Object.entries(row.lists).map(([list, tail]) => [list, tailKeys(tail)])) } : row));
    const oldPacks = oldRows.filter((row) => 'lists' in row);
    expect(oldPacks.length).toBeGreaterThan(0);
    expect(oldPacks.every((pack) => Object.values(pack.lists).every(Array.isArray))).toBe(true);
    await old.table('items').bulkAdd(items);
    await old.table('postings').bulkAdd(oldRows);
    old.close();

    const db = new LibraryDb(name, undefined, LIBRARY_UPGRADES);
    const stored = await db.postings.toArray();
    expectWellFormedBlocks(stored); // fails on a tail left as an array
    expect(listsOf(stored)).toEqual(rebuilt);
    const packs = stored.filter(isPack) as PackRow[];
    expect(packs.map((pack) => [pack.fence, Object.keys(pack.lists), pack.big])).toEqual(oldPacks.map((pack) => [pack.fence, Object.keys(pack.lists), pack.big]));
    expect(await readList(db, 'term:w7')).toEqual(rebuilt['term:w7']);
    expect(await readList(db, 'tag:t7')).toEqual(rebuilt['tag:t7']);
    expect(await readListsStartingWith(db, 'term:w29')).toEqual([...new Set(Object.entries(rebuilt).filter(([list]) => list.startsWith('term:w29')).flatMap(([, pks]) => pks))].sort());

    const newer = withSearch(makeItemRow({ id: 'NEWER', name: 'photo w7', importedAt: 1_800_000_000_000 }));
    const delta: PostingDelta = new Map();
    for (const term of newer.search!.terms) notePostings(delta, newer.pk, [], [`term:${term}`]);
    await db.transaction('rw', db.postings, () => applyPostings(db, delta));
    expect(await readList(db, 'term:w7')).toEqual([...rebuilt['term:w7']!, newer.pk]);
    expectWellFormedBlocks(await db.postings.toArray());
    db.close();
  });
});
