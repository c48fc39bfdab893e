// The sidebar's tag sections: groups in their order, each with its tags, then the tags in no group.
import { expect, it } from 'vitest';
import type { Tag, TagGroup } from '../../src/app/api-types';
import { tagSections } from '../../src/app/sidebar/tag-sections';

const tag = (name: string): Tag => ({ name, count: 1, color: '', groups: [], pinyin: name, starred: false });
const group = (id: string, tags: string[]): TagGroup => ({ id, name: id, color: '', tags, description: '' });
const names = (tags: readonly Tag[]) => tags.map((t) => t.name);

it('lists each group with its tags in the sidebar order, then the tags in no group', () => {
  const tags = ['dog', 'ant', 'cat', 'sea', 'sky'].map(tag);
  const sections = tagSections(tags, [group('Places', ['sky', 'sea']), group('Animals', ['cat', 'dog', 'ant', 'sky']), group('Empty', [])]);
  expect(sections.groups.map((s) => [s.group.id, names(s.tags)])).toEqual([
    ['Places', ['sea', 'sky']],
    ['Animals', ['dog', 'ant', 'cat', 'sky']],
    ['Empty', []],
  ]);
  expect(sections.ungrouped).toEqual([]);
});

it('keeps every tag ungrouped when there are no groups, and skips group members not loaded', () => {
  const tags = ['b', 'a'].map(tag);
  expect(names(tagSections(tags, []).ungrouped)).toEqual(['b', 'a']);
  const sections = tagSections(tags, [group('G', ['a', 'gone'])]);
  expect(names(sections.groups[0]!.tags)).toEqual(['a']);
  expect(names(sections.ungrouped)).toEqual(['b']);
});
