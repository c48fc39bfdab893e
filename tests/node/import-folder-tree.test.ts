// A dropped folder becomes library folders: the folder itself, its subfolders nested inside it.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../loose-client';
import { enumerateFiles, type DirectoryEntryLike, type EntryLike, type FileEntryLike } from '../../src/app/import/enumerate-files';
import { directoryOf, FolderTree } from '../../src/app/import/folder-tree';

const fileEntry = (path: string): FileEntryLike => ({
  isFile: true, isDirectory: false, name: path.split('/').pop()!, fullPath: path,
  file: (ok) => ok(new File([new Uint8Array(1)], path.split('/').pop()!)),
});
const directory = (path: string, children: EntryLike[]): DirectoryEntryLike => ({
  isFile: false, isDirectory: true, name: path.split('/').pop()!, fullPath: path,
  createReader() {
    let done = false;
    return { readEntries: (ok) => queueMicrotask(() => ok(done ? [] : ((done = true), children))) };
  },
});

/** folder/create as the API answers it, failing once for names listed in `failOnce`. */
function fakeApi(failOnce: string[] = []) {
  const created: { id: string; name: string; parent: string | null }[] = [];
  const api = {
    async post(path: string, body: { name: string; parent: string | null }) {
      expect(path).toBe('/folder/create');
      if (failOnce.includes(body.name)) {
        failOnce.splice(failOnce.indexOf(body.name), 1);
        throw new Error(`name: "${body.name}" is refused`);
      }
      const id = `F${created.length + 1}`;
      created.push({ id, ...body });
      return { id };
    },
  } as unknown as ApiClient;
  return { api, created };
}

describe('dropped folders become library folders', () => {
  it.each([
    ['/shots/more/a.png', 'shots/more'],
    ['shots/a.png', 'shots'],
    ['a.png', ''],
  ])('%s lies in %j', (path, dir) => expect(directoryOf(path)).toBe(dir));

  it('makes each folder once, parent first, empty ones too, under the folder being viewed', async () => {
    const { api, created } = fakeApi();
    const made: string[] = [];
    const tree = new FolderTree(api, 'VIEWED', (path) => made.push(path));
    const root = directory('/trip', [
      fileEntry('/trip/a.png'),
      directory('/trip/day 1', [fileEntry('/trip/day 1/b.png'), directory('/trip/day 1/empty', [])]),
      directory('/trip/day 2', [fileEntry('/trip/day 2/c.png')]),
    ]);
    const files: string[] = [];
    for await (const batch of enumerateFiles([{ entry: root }], 10, undefined, (path) => tree.folderFor(path.slice(1)).then(() => undefined))) {
      for (const found of batch) files.push(`${found.path} → ${await tree.folderFor(directoryOf(found.path))}`);
    }
    const byName = Object.fromEntries(created.map((folder) => [folder.name, folder]));
    expect(created).toHaveLength(4);
    expect(byName.trip!.parent).toBe('VIEWED');
    expect(byName['day 1']!.parent).toBe(byName.trip!.id);
    expect(byName.empty!.parent).toBe(byName['day 1']!.id);
    expect(byName['day 2']!.parent).toBe(byName.trip!.id);
    expect(made.sort()).toEqual(['trip', 'trip/day 1', 'trip/day 1/empty', 'trip/day 2']);
    expect(files.sort()).toEqual([
      `/trip/a.png → ${byName.trip!.id}`,
      `/trip/day 1/b.png → ${byName['day 1']!.id}`,
      `/trip/day 2/c.png → ${byName['day 2']!.id}`,
    ]);
  });

  it('forgets a folder that could not be made, so that a retry makes it', async () => {
    const { api, created } = fakeApi(['day 1']);
    const tree = new FolderTree(api, null, () => {});
    await expect(tree.folderFor('trip/day 1')).rejects.toThrow(/"day 1" is refused/);
    const id = await tree.folderFor('trip/day 1');
    expect(created.map((folder) => [folder.name, folder.parent])).toEqual([['trip', null], ['day 1', 'F1']]);
    expect(id).toBe('F2');
  });
});
