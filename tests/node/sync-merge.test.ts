import { describe, expect, it } from 'vitest';
import { foldersBreakingCycles } from '../../src/core/sync/folder-cycles';
import { canonical, mergeBodies, mergeSet } from '../../src/core/sync/merge';

const ITEM = { sets: ['tags', 'folders'], time: 'modificationTime' };
const base = { id: 'I', name: 'cat', tags: ['a', 'b'], folders: ['F1'], star: 0, isDeleted: false, annotation: '', modificationTime: 100 };

describe('sync merge rules', () => {
  it('merges tag sets three ways: a tag added on one side and another removed on the other gives both changes', () => {
    const a = { ...base, tags: ['a', 'b', 'c'], modificationTime: 200 };
    const b = { ...base, tags: ['a'], modificationTime: 150 };
    expect(mergeBodies(base, a, b, ITEM).tags).toEqual(['a', 'c']);
    expect(mergeSet(['x'], ['x', 'y'], [])).toEqual(['y']);
  });

  it('merges folders of an item three ways too', () => {
    const a = { ...base, folders: ['F1', 'F2'], modificationTime: 120 };
    const b = { ...base, folders: [], modificationTime: 130 };
    expect(mergeBodies(base, a, b, ITEM).folders).toEqual(['F2']);
  });

  it('keeps a field changed on one side only, and lets the later edit win a field changed on both', () => {
    const a = { ...base, name: 'dog', annotation: 'from A', modificationTime: 300 };
    const b = { ...base, star: 4, annotation: 'from B', modificationTime: 200 };
    const merged = mergeBodies(base, a, b, ITEM);
    expect(merged).toMatchObject({ name: 'dog', star: 4, annotation: 'from A', modificationTime: 300 });
  });

  it('breaks a tie of modificationTime the same way whatever the order', () => {
    const a = { ...base, name: 'left', modificationTime: 500 };
    const b = { ...base, name: 'right', modificationTime: 500 };
    expect(mergeBodies(base, a, b, ITEM).name).toBe(mergeBodies(base, b, a, ITEM).name);
  });

  it('is symmetric: both devices make the same document', () => {
    const a = { ...base, name: 'dog', tags: ['b', 'x'], modificationTime: 300 };
    const b = { ...base, star: 2, tags: ['a', 'b', 'y'], folders: ['F9'], isDeleted: true, modificationTime: 250 };
    expect(canonical(mergeBodies(base, a, b, ITEM))).toBe(canonical(mergeBodies(base, b, a, ITEM)));
  });

  it('trash against edit: the later one wins', () => {
    const trashedEarly = { ...base, isDeleted: true, modificationTime: 200 };
    const editedLater = { ...base, name: 'renamed', modificationTime: 300 };
    expect(mergeBodies(base, trashedEarly, editedLater, ITEM)).toMatchObject({ isDeleted: false, name: 'renamed' });
    const trashedLate = { ...base, isDeleted: true, modificationTime: 400 };
    expect(mergeBodies(base, trashedLate, editedLater, ITEM)).toMatchObject({ isDeleted: true, name: 'renamed' });
  });

  it('merges two documents without a common ancestor by the later edit, sets united', () => {
    const a = { ...base, name: 'A', tags: ['a'], modificationTime: 10 };
    const b = { ...base, name: 'B', tags: ['b'], modificationTime: 20 };
    expect(mergeBodies(undefined, a, b, ITEM)).toMatchObject({ name: 'B', tags: ['b', 'a'] });
  });

  it('merges a tag group edited on both sides as a set of tags', () => {
    const group = { id: 'G', name: 'Animals', tags: ['cat'] };
    const merged = mergeBodies(group, { ...group, tags: ['cat', 'dog'] }, { ...group, tags: [], name: 'Pets' }, { sets: ['tags'] });
    expect(merged).toEqual({ id: 'G', name: 'Pets', tags: ['dog'] });
  });

  it('merges a comment edited on both sides by its lastModified', () => {
    const comment = { id: 'C', itemId: 'I', annotation: 'hi', lastModified: 1 };
    const merged = mergeBodies(comment, { ...comment, annotation: 'early', lastModified: 5 }, { ...comment, annotation: 'late', lastModified: 9 }, { sets: [], time: 'lastModified' });
    expect(merged).toMatchObject({ annotation: 'late', lastModified: 9 });
  });

  it('breaks a folder cycle at the folder moved last, the same way in any order', () => {
    const folders = [
      { id: 'A', parent: 'B', modificationTime: 300 },
      { id: 'B', parent: 'A', modificationTime: 200 },
      { id: 'C', parent: 'A', modificationTime: 900 },
      { id: 'D', parent: null, modificationTime: 1 },
    ];
    expect(foldersBreakingCycles(folders)).toEqual(['A']);
    expect(foldersBreakingCycles([...folders].reverse())).toEqual(['A']);
    expect(foldersBreakingCycles([{ id: 'S', parent: 'S', modificationTime: 1 }])).toEqual(['S']);
    expect(foldersBreakingCycles(folders.slice(2))).toEqual([]);
  });
});
