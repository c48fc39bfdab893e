/** The API shape of tags (docs/contract.md#tags-and-tag-groups), plus `starred` (ours: tag/update can set it). */
import type { LibraryDb } from '../storage/library-db';
import type { TagGroupRow, TagRow } from '../storage/rows';

export interface TagView {
  name: string;
  count: number;
  color: string;
  groups: string[];
  pinyin: string;
  starred: boolean;
}

export type GroupsByTag = ReadonlyMap<string, readonly string[]>;

export function tagView(row: TagRow, groupsByTag: GroupsByTag): TagView {
  return {
    name: row.name,
    count: row.count,
    color: row.color,
    groups: [...(groupsByTag.get(row.name) ?? [])],
    pinyin: row.pinyin,
    starred: row.starredAt > 0,
  };
}

/** Tag name → ids of the groups holding it, groups in creation order. */
export function groupsByTagOf(groups: readonly TagGroupRow[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const ordered = [...groups].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  for (const group of ordered) {
    for (const tag of group.tags) out.set(tag, [...(out.get(tag) ?? []), group.id]);
  }
  return out;
}

export async function loadGroupsByTag(db: LibraryDb): Promise<Map<string, string[]>> {
  return groupsByTagOf(await db.tagGroups.toArray());
}
