/**
 * The sidebar's tags as Eagle shows them: one section per tag group (in the groups' order), then the
 * tags in no group. A tag in two groups is listed in both. Pure, node-tested.
 */
import type { Tag, TagGroup } from '../api-types';

export interface TagSection {
  group: TagGroup;
  tags: Tag[];
}

export interface TagSections {
  groups: TagSection[];
  ungrouped: Tag[];
}

/** `tags` come in the sidebar's order (starred first, then by count); each section keeps it. */
export function tagSections(tags: readonly Tag[], groups: readonly TagGroup[]): TagSections {
  // The group's own list decides membership: a tag's `groups` may lag behind a group just edited.
  const members = new Map(groups.map((group) => [group.id, new Set(group.tags)]));
  const grouped = new Set(groups.flatMap((group) => group.tags));
  return {
    groups: groups.map((group) => ({ group, tags: tags.filter((tag) => members.get(group.id)!.has(tag.name)) })),
    ungrouped: tags.filter((tag) => !grouped.has(tag.name)),
  };
}
