// A worker that dies in the middle of an import: the batches that committed are whole, and a new
// worker resumes from the stored progress to the same end as an uninterrupted import.
import { describe, expect, it } from 'vitest';
import { BATCH_ITEMS, runImport } from '../../src/core/eagle-library/import-job';
import { ImportRegistry, newImportState, storeImportSource, writeImportState, type ImportState } from '../../src/core/eagle-library/import-state';
import { zipTree } from '../../src/core/eagle-library';
import type { LibraryDb } from '../../src/core/storage/library-db';
import { buildEagleLibrary, zipOf } from './fixtures/eagle-library';
import { call, makeApi, newLibrary } from './helpers';

class Died extends Error {}

/** No item without its file, no file without its item. */
async function expectWholeItems(db: LibraryDb, count: number): Promise<void> {
  const itemIds = (await db.items.toArray()).map((row) => row.id).sort();
  const fileIds = ((await db.files.toCollection().primaryKeys()) as string[]).sort();
  expect(itemIds.length).toBe(count);
  expect(fileIds).toEqual(itemIds);
}

describe('an import interrupted by a stopped worker', () => {
  it('keeps only whole batches and resumes in a new worker to the full count', async () => {
    const namespace = `resume-${Math.random().toString(36).slice(2)}`;
    const before = makeApi({ namespace });
    const libraryPath = await newLibrary(before, 'Resume');
    const library = before.open(await before.registry.require(libraryPath));
    const zip = await zipOf(buildEagleLibrary({ name: 'Resume', items: BATCH_ITEMS + 50, plain: true }));
    const state = newImportState({ id: 'IMPORT1', libraryPath, libraryName: 'Resume', folderName: 'Resume.library', into: 'current', sourceBytes: zip.size }, Date.now());
    await library.db.transaction('rw', library.db.state, async () => {
      await storeImportSource(library.db, state.id, zip);
      await writeImportState(library.db, state);
    });
    await new ImportRegistry(namespace).add(state.id, libraryPath);

    let seen: ImportState | undefined;
    const dying = runImport(library, state.id, {
      clock: Date.now,
      ids: () => crypto.randomUUID(),
      openZip: zipTree,
      progress: (progress) => {
        seen = progress;
        if (progress.done > 0) throw new Died('stopped');
      },
    });
    await expect(dying).rejects.toThrow(Died);
    expect(seen).toMatchObject({ status: 'running', done: BATCH_ITEMS, imported: BATCH_ITEMS });
    await expectWholeItems(library.db, BATCH_ITEMS);
    before.close();

    const after = makeApi({ namespace });
    const resumed = await call<ImportState>(after, 'GET', '/library/import', { id: state.id });
    expect(resumed.data).toMatchObject({ status: 'running', done: BATCH_ITEMS });
    let final = resumed.data;
    for (let i = 0; i < 200 && final.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      final = (await call<ImportState>(after, 'GET', '/library/import', { id: state.id })).data;
    }
    expect(final).toMatchObject({ status: 'done', total: BATCH_ITEMS + 50, done: BATCH_ITEMS + 50, imported: BATCH_ITEMS + 50, skipped: 0, broken: [] });
    const db = after.open(await after.registry.require(libraryPath)).db;
    await expectWholeItems(db, BATCH_ITEMS + 50);
    expect(await db.state.get(`import-source:${state.id}`)).toBeUndefined();
  }, 60_000);
});
