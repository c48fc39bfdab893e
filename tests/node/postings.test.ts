// Posting lists: the block store against a plain Set model, and the upgrade that builds the lists
// for a library made before they existed.
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { postingsOf } from '../../src/core/postings/build-postings';
import { applyPostings, BLOCK_SIZE, notePostings, readAnyList, readList, readListsStartingWith, type PostingDelta } from '../../src/core/postings/postings-store';
import { LibraryDb } from '../../src/core/storage/library-db';
import { LIBRARY_UPGRADES } from '../../src/core/library-upgrades';
import { searchableFields, searchTermsOf } from '../../src/core/search/search-document';
import { expectWellFormedBlocks, listsOf } from './fixtures/postings';
import { makeItemRow } from './fixtures/item-rows';

let counter = 0;
const freshDb = () => new LibraryDb(`postings-test-${process.pid}-${++counter}`);
const key = (n: number) => `k${String(n).padStart(7, '0')}`;

async function apply(db: LibraryDb, list: string, add: readonly string[], remove: readonly string[] = []): Promise<void> {
  const delta: PostingDelta = new Map([[list, new Map([...add.map((pk) => [pk, true] as const), ...remove.map((pk) => [pk, false] as const)])]]);
  await db.transaction('rw', db.postings, () => applyPostings(db, delta));
}

describe('the posting block store', () => {
  it('appends, splits full blocks and reads the keys back in order', async () => {
    const db = freshDb();
    const keys = Array.from({ length: BLOCK_SIZE * 2 + 17 }, (_, i) => key(i));
    for (let at = 0; at < keys.length; at += 900) await apply(db, 'tag:a', keys.slice(at, at + 900));
    expect(await readList(db, 'tag:a')).toEqual(keys);
    const blocks = await db.postings.toArray();
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expectWellFormedBlocks(blocks);
  });

  it('routes a key below every fence to the first block, and deletes emptied blocks', async () => {
    const db = freshDb();
    const keys = Array.from({ length: BLOCK_SIZE + 10 }, (_, i) => key(i + 100));
    await apply(db, 'tag:a', keys);
    await apply(db, 'tag:a', [], keys.slice(0, BLOCK_SIZE)); // empties the first block
    await apply(db, 'tag:a', [key(1)]);
    expect(await readList(db, 'tag:a')).toEqual([key(1), ...keys.slice(BLOCK_SIZE)]);
    expectWellFormedBlocks(await db.postings.toArray());
    await apply(db, 'tag:a', [], [key(1), ...keys.slice(BLOCK_SIZE)]);
    expect(await db.postings.count()).toBe(0);
    expect(await readList(db, 'tag:a')).toEqual([]);
  });

  it('matches a Set model through 300 random batches on several lists', async () => {
    const db = freshDb();
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const model = new Map<string, Set<string>>();
    const lists = ['tag:a', 'tag:b', 'term:ca', 'term:cat', 'term:car'];
    for (let round = 0; round < 300; round++) {
      const delta: PostingDelta = new Map();
      for (let i = 0; i < 1 + rand(400); i++) {
        const pk = key(rand(6000));
        const before = lists.filter((list) => model.get(list)?.has(pk));
        const after = lists.filter(() => rand(3) === 0);
        notePostings(delta, pk, before, after);
      }
      for (const [list, entries] of delta) {
        const set = model.get(list) ?? new Set();
        for (const [pk, present] of entries) (present ? set.add(pk) : set.delete(pk));
        model.set(list, set);
      }
      await db.transaction('rw', db.postings, () => applyPostings(db, delta));
    }
    const sorted = (list: string) => [...(model.get(list) ?? [])].sort();
    for (const list of lists) expect(await readList(db, list)).toEqual(sorted(list));
    expect(await readListsStartingWith(db, 'term:ca')).toEqual([...new Set([...sorted('term:ca'), ...sorted('term:cat'), ...sorted('term:car')])].sort());
    expect(await readAnyList(db, ['tag:a', 'tag:b'])).toEqual([...new Set([...sorted('tag:a'), ...sorted('tag:b')])].sort());
    expectWellFormedBlocks(await db.postings.toArray());
  });
});

describe('upgrading a library made before posting lists', () => {
  it('builds every list from the stored items and terms', async () => {
    const name = `postings-upgrade-${process.pid}`;
    const old = new Dexie(name);
    old.version(1).stores({
      items: 'pk, &id, *tags, *folders, *facets, ext, star, width, height, pixels, size, duration, modificationTime, btime, nameKey',
      files: 'id', thumbnails: 'id', comments: 'id, itemId', folders: 'id, parent', tags: 'name, count, lastUsedAt, starredAt',
      tagGroups: 'id, createdAt', smartFolders: 'id, parent', terms: 'pk, *terms', jobs: 'id, createdAt, itemId', state: 'key',
    });
    const items = Array.from({ length: 50 }, (_, i) => makeItemRow({ id: `ITEM${i}`, name: `photo ${i % 7}`, tags: i % 3 ? ['sea'] : [], star: i % 6, importedAt: 1_700_000_000_000 + i }));
    await old.table('items').bulkAdd(items);
    await old.table('terms').bulkAdd(items.map((row) => ({ pk: row.pk, ...searchTermsOf(searchableFields(row, [], [])) })));
    old.close();

    const db = new LibraryDb(name, undefined, LIBRARY_UPGRADES);
    const stored = await db.postings.toArray();
    expect(listsOf(stored)).toEqual(listsOf(postingsOf(await db.items.toArray())));
    expect(await readList(db, 'tag:sea')).toEqual(items.filter((_, i) => i % 3).map((row) => row.pk).sort());
    expect((await readList(db, 'term:photo')).length).toBe(50);
    // Version 9 moved the terms into the item rows and dropped their table.
    expect(db.tables.map((table) => table.name)).not.toContain('terms');
    db.close();
  });
});
