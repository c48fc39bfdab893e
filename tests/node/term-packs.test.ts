// Term-list packs (src/core/postings/term-packs.ts): many term lists against a plain Set model
// through splits, tails moving into blocks, keys added below a list's tail and lists emptying; the
// version 7 upgrade of a library whose term lists all had blocks of their own, and the version 8
// upgrade of a library whose packs held whole lists of up to 256 keys.
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { LIBRARY_UPGRADES } from '../../src/core/library-upgrades';
import { postingsOf } from '../../src/core/postings/build-postings';
import { applyPostings, blocksFor, notePostings, readList, readListsStartingWith, type PostingDelta } from '../../src/core/postings/postings-store';
import { isPack, PACK_SIZE, PACKS_LIST, TAIL_LIMIT, tailKeys } from '../../src/core/postings/term-packs';
import { searchableFields, searchTermsOf } from '../../src/core/search/search-document';
import { LibraryDb } from '../../src/core/storage/library-db';
import type { ItemRow, PackRow, PostingRow } from '../../src/core/storage/rows';
import { makeItemRow } from './fixtures/item-rows';
import { expectWellFormedBlocks, listsOf } from './fixtures/postings';
import { STORES_WITH_TERMS_TABLE } from './fixtures/before-terms-in-rows';

/** An item's terms from its own fields (no folders, no comments). */
const ownTerms = (row: ItemRow) => searchTermsOf(searchableFields(row, [], [])).terms;

let counter = 0;
const freshDb = () => new LibraryDb(`term-packs-test-${process.pid}-${++counter}`);
const key = (n: number) => `k${String(n).padStart(7, '0')}`;
const word = (n: number) => `term:w${String(n).padStart(4, '0')}`;

describe('term-list packs', () => {
  it('match a Set model through splits, lists outgrowing their pack and emptying', { timeout: 30_000 }, async () => {
    const db = freshDb();
    let seed = 11;
    // The LCG's high bits: its low bits cycle too fast to pick among 1,500 names.
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), Math.floor((seed / 2147483648) * n));
    const model = new Map<string, Set<string>>();
    const names = Array.from({ length: 1500 }, (_, i) => word(i));
    let sawBig = false;
    let sawTailOfBig = false;
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
        sawBig ||= packs.some((pack) => Object.keys(pack.big).length > 0);
        sawTailOfBig ||= packs.some((pack) => Object.keys(pack.big).some((name) => pack.lists[name]));
      }
    }
    expect(sawPacks, 'packs').toBeGreaterThan(0);
    expect(sawBig, 'some lists outgrew their pack').toBe(true);
    expect(sawTailOfBig, 'some lists had blocks and a tail').toBe(true);
    const sorted = (list: string) => [...(model.get(list) ?? [])].sort();
    for (const list of [...names.slice(0, 12), word(700), word(1499)]) expect(await readList(db, list)).toEqual(sorted(list));
    for (const prefix of ['term:w0', 'term:w00', 'term:w07', 'term:w1', 'term:w149', 'term:x']) {
      const expected = [...new Set(names.filter((name) => name.startsWith(prefix)).flatMap(sorted))].sort();
      expect(await readListsStartingWith(db, prefix), prefix).toEqual(expected);
    }
  });

  it('split when full, move a tail that outgrows TAIL_LIMIT to blocks, and go when emptied', async () => {
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

    const grown = Array.from({ length: TAIL_LIMIT + 1 }, (_, i) => key(100_000 + i));
    await apply(grown.map((pk) => [names[7]!, pk, true]));
    stored = await db.postings.toArray();
    expectWellFormedBlocks(stored);
    expect(stored.some((row) => !isPack(row) && row.list === names[7])).toBe(true);
    expect(await readList(db, names[7]!)).toEqual([key(7), ...grown]);

    await apply([...names.map((list, i): [string, string, boolean] => [list, key(i), false]), ...grown.map((pk): [string, string, boolean] => [names[7]!, pk, false])]);
    expect(await db.postings.count()).toBe(0);
    expect(await readList(db, names[7]!)).toEqual([]);
  });

  it("keep a big list's newest keys in its tail, its blocks untouched until the tail is full", async () => {
    const db = freshDb();
    const list = 'term:often';
    const add = (pks: string[], older: string[] = []) => {
      const delta: PostingDelta = new Map();
      for (const pk of [...pks, ...older]) notePostings(delta, pk, [], [list]);
      return db.transaction('rw', db.postings, () => applyPostings(db, delta));
    };
    const blocks = async () => (await db.postings.toArray()).filter((row): row is PostingRow => !isPack(row));
    const first = Array.from({ length: 600 }, (_, i) => key(1000 + i));
    await add(first);
    const stored = await blocks();
    expect(stored.map((row) => row.pks.length)).toEqual([512, 88]);
    // Batches of new keys: only the pack changes until more than TAIL_LIMIT keys have gathered.
    const later: string[] = [];
    for (let batch = 0; later.length + 10 <= TAIL_LIMIT; batch++) {
      const pks = Array.from({ length: 10 }, (_, i) => key(5000 + batch * 10 + i));
      later.push(...pks);
      await add(pks);
      expect(await blocks(), `blocks after batch ${batch}`).toEqual(stored);
    }
    const [pack] = (await db.postings.where('[list+fence]').between([PACKS_LIST, ''], [PACKS_LIST, '\uffff']).toArray()) as PackRow[];
    expect(tailKeys(pack!.lists[list]!)).toEqual(later);
    expect(pack!.big[list]).toBe(first[first.length - 1]);
    expect(await readList(db, list)).toEqual([...first, ...later]);
    expect(await readListsStartingWith(db, 'term:oft')).toEqual([...first, ...later]);
    // An older key (an item edited) goes to its block; the full tail then moves into the last block.
    const more = Array.from({ length: TAIL_LIMIT - later.length + 1 }, (_, i) => key(7000 + i));
    await add(more, [key(1300) + 'x']);
    const moved = await blocks();
    expect(moved.map((row) => row.pks.length)).toEqual([512, 1, 88 + later.length + more.length]);
    expectWellFormedBlocks(await db.postings.toArray());
    expect(await readList(db, list)).toEqual([...first, key(1300) + 'x', ...later, ...more].sort());
  });

  it('rebuild keeps term lists of at most TAIL_LIMIT keys in packs, the rest in blocks', () => {
    const items = Array.from({ length: TAIL_LIMIT + 1 }, (_, i) => makeItemRow({ id: `ITEM${i}`, name: `common rare${i}`, importedAt: 1_700_000_000_000 + i }));
    const rows = postingsOf(items, ownTerms);
    const packs = rows.filter(isPack);
    expect(packs.flatMap((pack) => Object.keys(pack.big))).toContain('term:common');
    expect(Object.keys(packs[0]!.lists)).toContain('term:rare0');
    expect(rows.some((row) => !isPack(row) && row.list === 'term:common')).toBe(true);
    expect(rows.some((row) => !isPack(row) && row.list === 'term:rare0')).toBe(false);
    expectWellFormedBlocks(rows);
    expect(PACK_SIZE).toBeGreaterThan(TAIL_LIMIT);
  });
});

describe('upgrading a library made before term-list packs (version 6)', () => {
  it('moves small term lists into packs and leaves the rest of the postings as they were', async () => {
    const name = `term-packs-upgrade-${process.pid}`;
    const old = new Dexie(name);
    old.version(6).stores(STORES_WITH_TERMS_TABLE);
    const items = Array.from({ length: 700 }, (_, i) => makeItemRow({ id: `ITEM${i}`, name: `photo w${i % 300} r${i}`, tags: i % 3 ? ['sea'] : [], star: i % 6, importedAt: 1_700_000_000_000 + i }));
    const terms = items.map((row) => ({ pk: row.pk, ...searchTermsOf(searchableFields(row, [], [])) }));
    // The version 6 layout: every list in blocks of its own.
    const rebuilt = listsOf(postingsOf(items, ownTerms));
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
    const big = Object.keys(rebuilt).filter((list) => list.startsWith('term:') && rebuilt[list]!.length > TAIL_LIMIT);
    expect(big).toContain('term:photo');
    // Tag lists keep their blocks (version 8 names them in `big` too); term lists of at most TAIL_LIMIT keys moved into packs.
    expect(packs.flatMap((pack) => Object.keys(pack.big)).sort()).toEqual([...big, 'tag:sea'].sort());
    expect([...new Set(stored.filter((row) => !isPack(row) && row.list.startsWith('term:')).map((row) => row.list))]).toEqual(big);
    expect(stored.filter((row) => !isPack(row) && row.list === 'term:photo').length).toBe(2);
    expect(stored.filter((row) => !isPack(row) && row.list === 'tag:sea').length).toBe(1);
    expect(await readList(db, 'term:w7')).toEqual(items.filter((_, i) => i % 300 === 7).map((row) => row.pk).sort());
    expect((await readListsStartingWith(db, 'term:w29')).length).toBe(items.filter((_, i) => String(i % 300).startsWith('29')).length);
    db.close();
  });
});

describe('upgrading a library whose packs hold whole lists (version 7)', () => {
  it('keeps at most TAIL_LIMIT keys of a term list in its pack, bounds its blocks, and leaves the lists as they were', async () => {
    const name = `term-tails-upgrade-${process.pid}`;
    const old = new Dexie(name);
    old.version(7).stores(STORES_WITH_TERMS_TABLE);
    const items = Array.from({ length: 700 }, (_, i) => makeItemRow({ id: `ITEM${i}`, name: `photo w${i % 300} m${i % 7} r${i}`, tags: i % 3 ? ['sea'] : [], importedAt: 1_700_000_000_000 + i }));
    const terms = items.map((row) => ({ pk: row.pk, ...searchTermsOf(searchableFields(row, [], [])) }));
    const rebuilt = listsOf(postingsOf(items, ownTerms));
    // The version 7 layout: term lists of at most 256 keys whole in packs of at most 2,048 keys, the
    // others in blocks and named in a `big` array; item lists in blocks.
    const oldRows: object[] = [];
    let pack: { list: string; fence: string; lists: Record<string, string[]>; big: string[] } | undefined;
    let size = 0;
    for (const [list, pks] of Object.entries(rebuilt)) {
      const packed = list.startsWith('term:') && pks.length <= 256;
      if (!packed) oldRows.push(...blocksFor(list, '', pks));
      if (!list.startsWith('term:')) continue;
      if (!pack || size + (packed ? pks.length : 1) > 2048) {
        pack = { list: PACKS_LIST, fence: pack ? list : '', lists: {}, big: [] };
        oldRows.push(pack);
        size = 0;
      }
      size += packed ? pks.length : 1;
      if (packed) pack.lists[list] = pks;
      else pack.big.push(list);
    }
    expect(rebuilt['term:m3']!.length).toBe(100);
    await old.table('items').bulkAdd(items);
    await old.table('terms').bulkAdd(terms);
    await old.table('postings').bulkAdd(oldRows);
    old.close();

    const db = new LibraryDb(name, undefined, LIBRARY_UPGRADES);
    const stored = await db.postings.toArray();
    expectWellFormedBlocks(stored);
    expect(listsOf(stored)).toEqual(rebuilt);
    const packs = stored.filter(isPack) as PackRow[];
    const bounds = Object.assign({}, ...packs.map((row) => row.big)) as Record<string, string>;
    expect(bounds['term:photo']).toBe(rebuilt['term:photo']!.at(-1));
    expect(bounds['term:m3']).toBe(rebuilt['term:m3']!.at(-1));
    expect(stored.filter((row) => !isPack(row) && row.list === 'term:m3').map((row) => (row as { pks: string[] }).pks)).toEqual([rebuilt['term:m3']]);
    expect(packs.some((row) => row.lists['term:w7'])).toBe(true);
    expect(await readList(db, 'term:m3')).toEqual(rebuilt['term:m3']);
    expect(await readListsStartingWith(db, 'term:m')).toEqual([...new Set(Object.entries(rebuilt).filter(([list]) => list.startsWith('term:m')).flatMap(([, pks]) => pks))].sort());
    // Writes go on from the new layout: a new item joins the tails.
    const newer = makeItemRow({ id: 'NEWER', name: 'photo m3', importedAt: 1_800_000_000_000 });
    const delta: PostingDelta = new Map();
    for (const term of ownTerms(newer)) notePostings(delta, newer.pk, [], [`term:${term}`]);
    await db.transaction('rw', db.postings, () => applyPostings(db, delta));
    expect(await readList(db, 'term:m3')).toEqual([...rebuilt['term:m3']!, newer.pk]);
    expectWellFormedBlocks(await db.postings.toArray());
    db.close();
  });
});
