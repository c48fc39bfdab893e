// LibraryDb version 9: a version 8 library (search terms in a `terms` table of their own) upgrades
// to terms in the item rows, and every query finds what it found before.
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { LIBRARY_UPGRADES } from '../../src/core/library-upgrades';
import { searchCandidates } from '../../src/core/search/search.service';
import { LibraryDb } from '../../src/core/storage/library-db';
import type { ItemRow } from '../../src/core/storage/rows';
import { writeTransaction } from '../../src/core/storage/write';
import { makeItemRow } from './fixtures/item-rows';
import { expectPostingsMatchRebuild } from './fixtures/postings';
import { commentRow, folderRow, openTestLibrary, putFolders, putItems } from './fixtures/search-library';
import { STORES_WITH_TERMS_TABLE } from './fixtures/before-terms-in-rows';

const QUERIES = ['photo', 'w7', 'w1*', '"photo w7"', '"w3 r13"', 'holiday', '"holiday album"', '"sunset walk"', 'photo -w2', 'w3 OR w4', '"album holiday"'];

describe('upgrading a library whose search terms are rows of their own (version 8)', () => {
  it('moves them into the item rows, drops the terms table, and every query finds the same items', async () => {
    // The library as this code writes it: its rows, postings and answers are the reference.
    const lib = await openTestLibrary();
    await putFolders(lib, [folderRow('F1', 'Holiday Album'), folderRow('F2', 'Work')]);
    await writeTransaction(lib.library, 1, () => lib.library.db.comments.bulkPut([commentRow('C1', 'ITEM5', 'sunset walk'), commentRow('C2', 'ITEM9', 'walk at sunset')]));
    const items = Array.from({ length: 120 }, (_, i) =>
      makeItemRow({ id: `ITEM${i}`, name: `photo w${i % 10} r${i}`, folders: i % 4 === 0 ? ['F1'] : i % 4 === 1 ? ['F2'] : [], importedAt: 1_700_000_000_000 + i }),
    );
    await putItems(lib, items);
    const { db } = lib.library;
    const [rows, postings, folders, comments] = await Promise.all([db.items.toArray(), db.postings.toArray(), db.folders.toArray(), db.comments.toArray()]);
    expect(rows.every((row) => row.search && row.search.terms.length > 0)).toBe(true);
    const answers = await Promise.all(QUERIES.map(async (query) => (await searchCandidates(db, query)).pks));
    expect(answers.map((pks) => pks?.length)).toEqual([120, 12, 12, 12, 1, 30, 30, 1, 108, 24, 0]);

    // The same library at version 8: rows without terms, a terms row per item, the same postings.
    const name = `terms-into-items-${process.pid}`;
    const old = new Dexie(name);
    old.version(8).stores(STORES_WITH_TERMS_TABLE);
    await old.table('items').bulkAdd(rows.map(({ search: _, ...row }) => row));
    await old.table('terms').bulkAdd(rows.map((row) => ({ pk: row.pk, ...row.search })));
    await old.table('postings').bulkAdd(postings);
    await old.table('folders').bulkAdd(folders);
    await old.table('comments').bulkAdd(comments);
    old.close();

    const upgraded = new LibraryDb(name, undefined, LIBRARY_UPGRADES);
    const byPk = (list: readonly ItemRow[]) => [...list].sort((a, b) => (a.pk < b.pk ? -1 : 1));
    expect(byPk(await upgraded.items.toArray())).toEqual(byPk(rows));
    expect(upgraded.tables.map((table) => table.name)).not.toContain('terms');
    for (const [i, query] of QUERIES.entries()) expect((await searchCandidates(upgraded, query)).pks, query).toEqual(answers[i]);
    await expectPostingsMatchRebuild(upgraded);
    upgraded.close();
  });
});
