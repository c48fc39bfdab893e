// A worker that dies in the middle of a bookmark-file import: the batch that committed is whole, and
// a new worker resumes from the stored progress (the plan read again from the stored file) to the end.
import { describe, expect, it } from 'vitest';
import { runImport } from '../../src/core/eagle-library/import-job';
import { ImportRegistry, newImportState, storeImportSource, writeImportState, type ImportState } from '../../src/core/eagle-library/import-state';
import { zipTree } from '../../src/core/eagle-library';
import { manyBookmarks } from './fixtures/other-exports';
import { call, makeApi, newLibrary } from './helpers';

class Died extends Error {}

describe('a bookmark import interrupted by a stopped worker', () => {
  it('keeps the folders and whole batches, and resumes to every bookmark once', async () => {
    const namespace = `resume-bookmarks-${Math.random().toString(36).slice(2)}`;
    const before = makeApi({ namespace });
    const libraryPath = await newLibrary(before, 'Resume');
    const library = before.open(await before.registry.require(libraryPath));
    const html = new Blob([manyBookmarks(1_200)]);
    const state = newImportState({ id: 'IMPORT1', format: 'bookmarks', libraryPath, libraryName: 'Resume', folderName: 'bookmarks.html', into: 'current', sourceBytes: html.size }, Date.now());
    await library.db.transaction('rw', library.db.state, async () => {
      await storeImportSource(library.db, state.id, html);
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
    expect(seen).toMatchObject({ status: 'running', done: 500, imported: 500 });
    expect(await library.db.items.count()).toBe(500);
    expect(await library.db.folders.count()).toBe(12);
    before.close();

    const after = makeApi({ namespace });
    let final = (await call<ImportState>(after, 'GET', '/library/import', { id: state.id })).data;
    expect(final).toMatchObject({ status: 'running', done: 500 });
    for (let i = 0; i < 400 && final.status === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      final = (await call<ImportState>(after, 'GET', '/library/import', { id: state.id })).data;
    }
    expect(final).toMatchObject({ status: 'done', total: 1_200, done: 1_200, imported: 1_200 });
    const db = after.open(await after.registry.require(libraryPath)).db;
    expect(await db.folders.count()).toBe(12);
    const urls = (await db.items.toArray()).map((row) => row.url);
    expect(new Set(urls).size).toBe(1_200);
    expect(await db.state.get(`import-source:${state.id}`)).toBeUndefined();
  }, 60_000);
});
