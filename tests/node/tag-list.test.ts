// The tag manager's list: search (case, accents, pinyin), group filters and order.
import { describe, expect, it } from 'vitest';
import { visibleTags, withGroups, type Tag } from '../../src/app/tags/tag-list';

const tag = (name: string, count: number, extra: Partial<Tag> = {}): Tag => ({ name, count, color: '', groups: [], pinyin: name, starred: false, ...extra });
const tags = [tag('Café', 3), tag('cat', 5, { groups: ['G1'] }), tag('猫', 2, { pinyin: 'mao' }), tag('dog', 1, { starred: true }), tag('ant', 5)];

describe('visibleTags', () => {
  it('puts starred tags first, then by count and name', () => {
    expect(visibleTags(tags, '', { kind: 'all' }).map((t) => t.name)).toEqual(['dog', 'ant', 'cat', 'Café', '猫']);
  });
  it('searches ignoring case and accents, and by pinyin', () => {
    expect(visibleTags(tags, 'CAFE', { kind: 'all' }).map((t) => t.name)).toEqual(['Café']);
    expect(visibleTags(tags, 'ca', { kind: 'all' }).map((t) => t.name)).toEqual(['cat', 'Café']);
    expect(visibleTags(tags, 'mao', { kind: 'all' }).map((t) => t.name)).toEqual(['猫']);
  });
  it('filters by group and by no group', () => {
    expect(visibleTags(tags, '', { kind: 'group', id: 'G1' }).map((t) => t.name)).toEqual(['cat']);
    expect(visibleTags(tags, '', { kind: 'ungrouped' })).toHaveLength(4);
  });
  it('filters 5,000 tags by substring', () => {
    const many = Array.from({ length: 5000 }, (_, i) => tag(`tag ${i}`, i % 7));
    const found = visibleTags(many, 'tag 49', { kind: 'all' }).map((t) => t.name);
    expect(found).toHaveLength(1 + 10 + 100);
    expect(found.every((name) => name.startsWith('tag 49'))).toBe(true);
  });
});

describe('withGroups', () => {
  it('recomputes each tag\'s groups from the groups', () => {
    const regrouped = withGroups(tags, [{ id: 'G2', name: 'x', color: '', tags: ['dog', 'ant'], description: '' }]);
    expect(regrouped.find((t) => t.name === 'cat')!.groups).toEqual([]);
    expect(regrouped.find((t) => t.name === 'dog')!.groups).toEqual(['G2']);
  });
});
