// Term-list packs (src/core/postings/term-packs.ts): many small term lists against a plain Set model
// through splits, lists outgrowing their pack and emptying, and the version 7 upgrade of a library
// whose term lists all had blocks of their own.
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { LIBRARY_UPGRADES } from '../../src/core/library-upgrades';
import { postingsOf } from '../../src/core/postings/build-postings';
import { applyPostings, blocksFor, notePostings, readList, readListsStartingWith, type PostingDelta } from '../../src/core/postings/postings-store';
import { isPack, LIST_LIMIT, PACK_SIZE } from '../../src/core/postings/term-packs';
import { searchableFields, termsRowOf } from '../../src/core/search/search-document';
import { LibraryDb } from '../../src/core/storage/library-db';
import type { PackRow } from '../../src/core/storage/rows';
import { makeItemRow } from './fixtures/item-rows';
import { expectWellFormedBlocks, listsOf } from './fixtures/postings';

let counter = 0;
const freshDb = () => new LibraryDb(`term-packs-test-${process.pid}-${++counter}`);
const key = (n: number) => `k${String(n).padStart(7, '0')}`;
const word = (n: number) => `term:w${String(n).padStart(4, '0')}`;

describe('term-list packs', () => {
  it('match a Set model through splits, lists outgrowing their pack and emptying', async () => {
    const db = freshDb();
    let seed = 11;
    // The LCG's high bits: its low bits cycle too fast to pick among 1,500 names.
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), Math.floor((seed / 2147483648) * n));
    const model = new Map<string, Set<string>>();
    const names = Array.from({ length: 1500 }, (_, i) => word(i));
    let sawBig = false;
    let sawPacks = 0;
    for (let round = 0; round < 120; round++) {
      const delta: PostingDelta = new Map();
      const count = 1 + rand(round < 80 ? 1200 : 2400);
      for (let i = 0; i < count; i++) {
        // A few words are common (they outgrow their pack); late rounds mostly remove.
        const list = rand(2) === 0 ? names[rand(4)]! : names[rand(names.length)]!;
        const keys = [...(model.get(list) ?? [])];
        const remove = round < 80 ? rand(5) === 0 : rand(5) > 0;
        const pk = remove ? keys[rand(keys.length)] : key(rand(4000));
        if (pk === undefined || delta.get(list)?.has(pk) || (!remove && model.get(list)?.has(pk))) continue;
        const entries = delta.get(list) ?? new Map<string, boolean>();
        entries.set(pk, !remove);
        delta.set(list, entries);
      }
      for (const [list, entries] of delta) {
        const set = model.get(list) ?? new Set<string>();
        for (const [pk, present] of entries) (present ? set.add(pk) : set.delete(pk));
        model.set(list, set);
      }
      await db.transaction('rw', db.postings, () => applyPostings(db, delta));
      if (round % 20 === 19 || round === 119) {
        const stored = await db.postings.toArray();
        expectWellFormedBlocks(stored);
        const expected = Object.fromEntries([...model].filter(([, set]) => set.size > 0).map(([list, set]) => [list, [...set].sort()] as const).sort(([a], [b]) => (a < b ? -1 : 1)));
        expect(listsOf(stored)).toEqual(expected);
        const packs = stored.filter(isPack);
        sawPacks = Math.max(sawPacks, packs.length);
        sawBig ||= packs.some((pack) => pack.big.length > 0);
      }
    }
    expect(sawPacks, 'packs').toBeGreaterThan(0);
    expect(sawBig, 'some lists outgrew their pack').toBe(true);
    const sorted = (list: string) => [...(model.get(list) ?? [])].sort();
    for (const list of [...names.slice(0, 12), word(700), word(1499)]) expect(await readList(db, list)).toEqual(sorted(list));
    for (const prefix of ['term:w0', 'term:w00', 'term:w07', 'term:w1', 'term:w149', 'term:x']) {
      const expected = [...new Set(names.filter((name) => name.startsWith(prefix)).flatMap(sorted))].sort();
      expect(await readListsStartingWith(db, prefix), prefix).toEqual(expected);
    }
  });

  it('split when full, move a list that outgrows LIST_LIMIT to blocks, and go when emptied', async () => {
    const db = freshDb();
    const names = Array.from({ length: PACK_SIZE + 1 }, (_, i) => `term:s${String(i).padStart(5, '0')}`);
    const apply = (entries: [string, string, boolean][]) => {
      const delta: PostingDelta = new Map();
      for (const [list, pk, present] of entries) notePostings(delta, pk, present ? [] : [list], present ? [list] : []);
      return db.transaction('rw', db.postings, () => applyPostings(db, delta));
    };
    await apply(names.map((list, i) => [list, key(i), true]));
    let stored = await db.postings.toArray();
    expectWellFormedBlocks(stored);
    expect(stored.filter(isPack).length).toBeGreaterThan(1);
    expect(await readList(db, names[PACK_SIZE]!)).toEqual([key(PACK_SIZE)]);
    expect(await readListsStartingWith(db, 'term:s0')).toEqual(names.filter((name) => name.startsWith('term:s0')).map((_, i) => key(i)));

    const grown = Array.from({ length: LIST_LIMIT + 1 }, (_, i) => key(100_000 + i));
    await apply(grown.map((pk) => [names[7]!, pk, true]));
    stored = await db.postings.toArray();
    expectWellFormedBlocks(stored);
    expect(stored.some((row) => !isPack(row) && row.list === names[7])).toBe(true);
    expect(await readList(db, names[7]!)).toEqual([key(7), ...grown]);

    await apply([...names.map((list, i): [string, string, boolean] => [list, key(i), false]), ...grown.map((pk): [string, string, boolean] => [names[7]!, pk, false])]);
    expect(await db.postings.count()).toBe(0);
    expect(await readList(db, names[7]!)).toEqual([]);
  });

  it('rebuild keeps term lists of at most LIST_LIMIT keys in packs, the rest in blocks', () => {
    const items = Array.from({ length: LIST_LIMIT + 1 }, (_, i) => makeItemRow({ id: `ITEM${i}`, name: `common rare${i}`, importedAt: 1_700_000_000_000 + i }));
    const rows = postingsOf(items, items.map((row) => termsRowOf(row.pk, searchableFields(row, [], []))));
    const packs = rows.filter(isPack);
    expect(packs.flatMap((pack) => pack.big)).toContain('term:common');
    expect(Object.keys(packs[0]!.lists)).toContain('term:rare0');
    expect(rows.some((row) => !isPack(row) && row.list === 'term:common')).toBe(true);
    expect(rows.some((row) => !isPack(row) && row.list === 'term:rare0')).toBe(false);
    expectWellFormedBlocks(rows);
    expect(PACK_SIZE).toBeGreaterThan(LIST_LIMIT);
  });
});

describe('upgrading a library made before term-list packs (version 6)', () => {
  it('moves small term lists into packs and leaves the rest of the postings as they were', async () => {
    const name = `term-packs-upgrade-${process.pid}`;
    const old = new Dexie(name);
    old.version(6).stores({
      items: 'pk, &id, *tags, *folders, *facets, ext, star, width, height, pixels, size, duration, modificationTime, btime, nameKey',
      files: 'id', thumbnails: 'id', comments: 'id, itemId', folders: 'id, parent', tags: 'name, count, lastUsedAt, starredAt',
      tagGroups: 'id, createdAt', smartFolders: 'id, parent', terms: 'pk', postings: '[list+fence]', jobs: 'id, createdAt, itemId', state: 'key',
      smartFolderCounts: 'id', descriptorShards: 'shard', objects: 'id, *labels', textShards: 'shard', textSlots: 'id', clipShards: 'shard',
    });
    const items = Array.from({ length: 700 }, (_, i) => makeItemRow({ id: `ITEM${i}`, name: `photo w${i % 300} r${i}`, tags: i % 3 ? ['sea'] : [], star: i % 6, importedAt: 1_700_000_000_000 + i }));
    const terms = items.map((row) => termsRowOf(row.pk, searchableFields(row, [], [])));
    // The version 6 layout: every list in blocks of its own.
    const rebuilt = listsOf(postingsOf(items, terms));
    const oldRows = Object.entries(rebuilt).flatMap(([list, pks]) => blocksFor(list, '', pks));
    await old.table('items').bulkAdd(items);
    await old.table('terms').bulkAdd(terms);
    await old.table('postings').bulkAdd(oldRows);
    old.close();

    const db = new LibraryDb(name, undefined, LIBRARY_UPGRADES);
    const stored = await db.postings.toArray();
    expectWellFormedBlocks(stored);
    expect(listsOf(stored)).toEqual(rebuilt);
    const packs = stored.filter(isPack) as PackRow[];
    expect(packs.length).toBeGreaterThan(1);
    const big = Object.keys(rebuilt).filter((list) => list.startsWith('term:') && rebuilt[list]!.length > LIST_LIMIT);
    expect(big).toContain('term:photo');
    expect(packs.flatMap((pack) => pack.big)).toEqual(big);
    expect([...new Set(stored.filter((row) => !isPack(row) && row.list.startsWith('term:')).map((row) => row.list))]).toEqual(big);
    expect(stored.filter((row) => !isPack(row) && row.list === 'term:photo').length).toBe(2);
    expect(stored.filter((row) => !isPack(row) && row.list === 'tag:sea').length).toBe(1);
    expect(await readList(db, 'term:w7')).toEqual(items.filter((_, i) => i % 300 === 7).map((row) => row.pk).sort());
    expect((await readListsStartingWith(db, 'term:w29')).length).toBe(items.filter((_, i) => String(i % 300).startsWith('29')).length);
    db.close();
  });
});
