/** The API shape of tag groups (docs/contract.md#tags-and-tag-groups). */
import type { TagGroupRow } from '../storage/rows';

export interface TagGroupView {
  id: string;
  name: string;
  color: string;
  tags: string[];
  description: string;
}

export function tagGroupView(row: TagGroupRow): TagGroupView {
  return { id: row.id, name: row.name, color: row.color, tags: row.tags, description: row.description };
}
