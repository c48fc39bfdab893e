/** What the tag manager lists: all tags, filtered by a search and by a group. Pure, node-tested. */

import type { Tag, TagGroup } from '../api-types';

export type { Tag, TagGroup };

/** The eight colour names tags and tag groups take (docs/contract.md#colours), "" for none. */
export const TAG_COLOURS = ['red', 'orange', 'yellow', 'green', 'aqua', 'blue', 'purple', 'pink'] as const;

/** Which tags to show: every tag, those in no group, or one group's. */
export type GroupFilter = { kind: 'all' } | { kind: 'ungrouped' } | { kind: 'group'; id: string };

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Starred tags first, then by count and name (tag/get's order). The search matches a substring of
 * the name, ignoring case and accents, or of its pinyin spelling.
 */
export function visibleTags(tags: readonly Tag[], query: string, filter: GroupFilter): Tag[] {
  const needle = fold(query.trim());
  const kept = tags.filter((tag) => {
    if (filter.kind === 'ungrouped' && tag.groups.length) return false;
    if (filter.kind === 'group' && !tag.groups.includes(filter.id)) return false;
    return !needle || fold(tag.name).includes(needle) || tag.pinyin.toLowerCase().replace(/\s+/g, '').includes(needle.replace(/\s+/g, ''));
  });
  return kept.sort((a, b) => Number(b.starred) - Number(a.starred) || b.count - a.count || a.name.localeCompare(b.name));
}

/** The groups' tag lists as the tags see them (after a group changed, without reloading tags). */
export function withGroups(tags: readonly Tag[], groups: readonly TagGroup[]): Tag[] {
  const byTag = new Map<string, string[]>();
  for (const group of groups) for (const name of group.tags) byTag.set(name, [...(byTag.get(name) ?? []), group.id]);
  return tags.map((tag) => ({ ...tag, groups: byTag.get(tag.name) ?? [] }));
}
