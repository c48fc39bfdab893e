// The folder editor's requests: a new folder's create body and the update that gives it colour and
// auto-tags; an edit sends only the fields that changed, `parent: null` to move to the top level.
import { describe, expect, it } from 'vitest';
import type { Folder } from '../../src/app/api-types';
import { afterCreateBody, createBody, draftOf, duplicateWarning, nameError, updateBody } from '../../src/app/folders/folder-form';

const folder: Folder = {
  id: 'F1', name: 'Coast', description: 'd', children: [], modificationTime: 1, tags: ['sea'], iconColor: 'aqua', imageCount: 0, parent: 'P',
};

describe('folder form', () => {
  it('creates under the given parent, then sets colour and auto-tags', () => {
    const draft = { ...draftOf(null, 'P'), name: 'New', iconColor: 'red' as const, tags: ['a'] };
    expect(createBody(draft)).toEqual({ name: 'New', description: '', parent: 'P' });
    expect(createBody({ ...draft, parent: null })).toEqual({ name: 'New', description: '' });
    expect(afterCreateBody('F2', draft)).toEqual({ id: 'F2', iconColor: 'red', tags: ['a'] });
    expect(afterCreateBody('F2', draftOf(null, null))).toBeNull();
  });

  it('edits only what changed', () => {
    const before = draftOf(folder, null);
    expect(before).toEqual({ name: 'Coast', description: 'd', iconColor: 'aqua', parent: 'P', tags: ['sea'] });
    expect(updateBody('F1', before, before)).toEqual({ id: 'F1' });
    expect(updateBody('F1', before, { ...before, parent: null, iconColor: '', tags: [] })).toEqual({ id: 'F1', parent: null, iconColor: '', tags: [] });
    expect(updateBody('F1', before, { ...before, name: 'Coast 2026' })).toEqual({ id: 'F1', name: 'Coast 2026' });
  });
});

describe('folder name checks', () => {
  const tree: Folder[] = [
    { ...folder, id: 'T', name: 'Travel', parent: null, children: [{ ...folder, id: 'R', name: 'Rome', parent: 'T', children: [] }] },
    { ...folder, id: 'K', name: 'Keep', parent: null, children: [] },
  ];

  it.each([
    ['a sibling at the top level, letter case aside', ' travel ', null, null, /already a folder named “Travel” at the top level/],
    ['a sibling inside a folder', 'Rome', 'T', null, /“Rome” in “Travel”/],
    ['the same name elsewhere', 'Rome', null, null, null],
    ['the folder itself', 'Travel', null, 'T', null],
    ['an empty name', '  ', null, null, null],
  ])('warns of %s', (_name, name, parent, self, expected) => {
    const warning = duplicateWarning(tree, name, parent, self);
    if (expected === null) expect(warning).toBeNull();
    else expect(warning).toMatch(expected);
  });

  it('refuses names longer than the API takes (255 characters, spaces around not counted)', () => {
    expect(nameError(` ${'x'.repeat(255)} `)).toBeNull();
    expect(nameError('x'.repeat(300))).toBe('Name: at most 255 characters (this one has 300).');
  });
});
