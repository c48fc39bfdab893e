// The import panel's controller: duplicates named by item/add are kept for the keep-or-skip question,
// and which picked files are other tools' exports. A fake API stands in for the worker.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../loose-client';
import { exportKindOf, exportReport } from '../../src/app/import/export-files';
import { ImportController } from '../../src/app/import/import-controller';
import { MERGE_MAX, skipGroups } from '../../src/app/import/skip-groups';
import type { ImportState } from '../../src/core/eagle-library';
import { newImportState } from '../../src/core/eagle-library/import-state';
import { bookmarksDeclaring, utf16, windows1252 } from './fixtures/bookmark-encodings';
import { BOOKMARKS_HTML } from './fixtures/other-exports';
import { settled } from './fixtures/import-settled';

function fakeApi() {
  const posts: { path: string; body: any }[] = [];
  const api = {
    async post(path: string, body: any) {
      posts.push({ path, body });
      // Every "…/2.png" or "…/5.png" holds bytes the library has (item OLD).
      if (path === '/item/add') return { ids: body.items.map((item: { url: string }) => `NEW-${item.url.slice(-5)}`), duplicateOf: body.items.map((item: { url: string }) => (/[25]\.png$/.test(item.url) ? 'OLD' : null)) };
      return {};
    },
  };
  return { api: api as unknown as ApiClient, posts };
}

describe('the import panel and duplicates', () => {
  it('keeps the duplicates item/add names; skip moves the new copies to the trash, keep forgets them', async () => {
    const { api, posts } = fakeApi();
    const controller = new ImportController(api);
    for (const n of [1, 2, 3]) controller.addUrl(`https://img.example/${n}.png`, false);
    await settled(controller);
    expect(controller.progress.duplicates).toEqual([{ id: 'NEW-2.png', of: 'OLD' }]);
    await controller.skipDuplicates();
    expect(posts.at(-1)).toEqual({ path: '/item/mergeDuplicates', body: { keep: 'OLD', others: ['NEW-2.png'] } });
    expect(controller.progress.duplicates).toEqual([]);

    for (const n of [4, 5]) controller.addUrl(`https://img.example/${n}.png`, false);
    await settled(controller);
    expect(controller.progress.duplicates).toHaveLength(1);
    const before = posts.length;
    controller.keepDuplicates();
    expect(controller.progress.duplicates).toEqual([]);
    expect(posts.length).toBe(before);
  });

  it('merges a copy of a copy into the item the first one duplicates, and says why a refused Skip stopped', () => {
    expect(skipGroups([
      { id: 'NEW-1', of: 'OLD' },
      { id: 'NEW-2', of: 'NEW-1' },
      { id: 'NEW-3', of: 'OTHER' },
      { id: 'NEW-4', of: 'OLD', library: '/libraries/b' },
    ]).map(({ library, keep, copies }) => [library, keep, copies.map((copy) => copy.id)])).toEqual([
      [null, 'OLD', ['NEW-1', 'NEW-2']],
      [null, 'OTHER', ['NEW-3']],
      ['/libraries/b', 'OLD', ['NEW-4']],
    ]);
    const many = Array.from({ length: MERGE_MAX + 1 }, (_, i) => ({ id: `N${i}`, of: 'OLD' }));
    expect(skipGroups(many).map((group) => group.copies.length)).toEqual([MERGE_MAX, 1]);
  });

  it('keeps the copies a refused Skip did not merge, with the reason', async () => {
    const { api } = fakeApi();
    const refusing = { post: async (path: string, body: any) => (path === '/item/mergeDuplicates' ? Promise.reject(new Error('keep: item "OLD" is in the trash.')) : api.post(path, body)) };
    const controller = new ImportController(refusing as unknown as ApiClient);
    controller.addUrl('https://img.example/2.png', false);
    await settled(controller);
    await controller.skipDuplicates();
    expect(controller.progress.duplicates).toEqual([{ id: 'NEW-2.png', of: 'OLD' }]);
    expect(controller.progress.duplicatesError).toBe('The copies were not all skipped: keep: item "OLD" is in the trash.');
  });

  it('tells exports from plain files by name and content', async () => {
    expect(await exportKindOf(new File([BOOKMARKS_HTML], 'bookmarks_12_1_26.html', { type: 'text/html' }))).toBe('bookmarks');
    expect(await exportKindOf(new File(['<html><body>a page</body></html>'], 'page.html', { type: 'text/html' }))).toBeUndefined();
    expect(await exportKindOf(new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'takeout-001.zip'))).toBe('zip');
    expect(await exportKindOf(new File([new Uint8Array([1, 2])], 'photo.png', { type: 'image/png' }))).toBeUndefined();
  });

  it('tells a bookmark file in another encoding than UTF-8, as the worker reads it', async () => {
    for (const bytes of [windows1252(bookmarksDeclaring('windows-1252')), utf16(bookmarksDeclaring('UTF-16'), 'le'), utf16(bookmarksDeclaring('UTF-16'), 'be')]) {
      expect(await exportKindOf(new File([bytes], 'bookmark.htm', { type: 'text/html' }))).toBe('bookmarks');
    }
  });

  it('reports an export in words: imported, already there, skipped with why', () => {
    const state: ImportState = {
      ...newImportState({ id: 'I', format: 'takeout', libraryPath: '/l', libraryName: 'L', folderName: 'takeout.zip', into: 'current', sourceBytes: 1 }, 0),
      status: 'done',
      imported: 7,
      duplicates: 1,
      broken: [{ name: 'x.jpg', reason: 'the file is missing or empty in the zip' }],
    };
    expect(exportReport('takeout.zip', state)).toEqual({
      title: 'takeout.zip (Google Takeout): done',
      lines: ['7 items imported', '1 was already in the library (not copied again)', '1 entry was skipped:', 'x.jpg: the file is missing or empty in the zip'],
    });
  });
});
