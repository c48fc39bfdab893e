// Moving folders in the sidebar: what a drop on a row does and where "Move to…" may send a folder.
import { describe, expect, it } from 'vitest';
import type { Folder } from '../../src/app/api-types';
import { findFolder, folderDrop, moveTargets, subtreeIds } from '../../src/app/folders/folder-tree';

const node = (id: string, parent: string | null, children: Folder[] = []): Folder => ({
  id, name: id.toUpperCase(), description: '', children, modificationTime: 1, tags: [], iconColor: '', imageCount: 0, parent,
});

// a ─ b ─ c      d
//   └ e
const tree = [node('a', null, [node('b', 'a', [node('c', 'b')]), node('e', 'a')]), node('d', null)];

describe('folder tree', () => {
  it('finds nested folders and the whole subtree of one', () => {
    expect(findFolder(tree, 'c')?.parent).toBe('b');
    expect(findFolder(tree, 'zz')).toBeUndefined();
    expect([...subtreeIds(tree, 'a')].sort()).toEqual(['a', 'b', 'c', 'e']);
    expect([...subtreeIds(tree, 'b')].sort()).toEqual(['b', 'c']);
    expect(subtreeIds(tree, 'zz').size).toBe(0);
  });

  it('tells a move from a drop that changes nothing and from one into the folder itself', () => {
    expect(folderDrop(tree, 'd', 'c')).toBe('move');
    expect(folderDrop(tree, 'c', null)).toBe('move');
    expect(folderDrop(tree, 'c', 'e')).toBe('move');
    expect(folderDrop(tree, 'b', 'a')).toBe('none'); // already its parent
    expect(folderDrop(tree, 'a', null)).toBe('none'); // already at the top
    expect(folderDrop(tree, 'a', 'a')).toBe('none'); // dropped on itself
    expect(folderDrop(tree, 'a', 'c')).toBe('inside');
    expect(folderDrop(tree, 'b', 'c')).toBe('inside');
    expect(folderDrop(tree, 'zz', 'a')).toBe('none');
  });

  it('offers every folder as a target except the folder and what it holds, marking its parent', () => {
    const targets = moveTargets(tree, 'b');
    expect(targets.map((t) => [t.id, t.depth, t.allowed, t.current])).toEqual([
      ['a', 0, true, true],
      ['b', 1, false, false],
      ['c', 2, false, false],
      ['e', 1, true, false],
      ['d', 0, true, false],
    ]);
    expect(targets.find((t) => t.id === 'c')?.path).toBe('A / B / C');
  });
});
