/**
 * The library root's metadata.json (library-format.md §2.1, §5) ⇄ folder, smart-folder and
 * tag-group rows. Nodes keep their imported record (children emptied) so an export writes back
 * unknown keys such as passwords, icons and sort orders in their place.
 */
import { COLOURS, type Colour } from '../http/colour';
import type { EagleRecord, FolderRow, SmartFolderRow, TagGroupRow } from '../storage/rows';
import { isRecord, num, overlay, records, str, strings } from './eagle-json';

const colour = (value: unknown): Colour | '' => ((COLOURS as readonly unknown[]).includes(value) ? (value as Colour) : '');

/** Walks a tree of nodes depth-first, parents before children, with each node's parent id. */
export function* walkNodes(nodes: unknown, parent: string | null = null): Generator<{ node: EagleRecord; parent: string | null }> {
  for (const node of records(nodes)) {
    if (!str(node.id)) continue;
    yield { node, parent };
    yield* walkNodes(node.children, str(node.id));
  }
}

/** The node as stored on a row: everything but its children (their place is kept). */
const withoutChildren = (node: EagleRecord): EagleRecord => ('children' in node ? { ...node, children: [] } : { ...node });

export function folderRowOf(node: EagleRecord, parent: string | null, createdAt: number): FolderRow {
  return {
    id: str(node.id),
    name: str(node.name),
    description: str(node.description),
    parent,
    tags: strings(node.tags),
    iconColor: colour(node.iconColor),
    modificationTime: num(node.modificationTime, createdAt),
    createdAt,
    imageCount: 0,
    eagleRecord: withoutChildren(node),
  };
}

const folderRecordOf = (row: FolderRow): EagleRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  children: [],
  modificationTime: row.modificationTime,
  tags: row.tags,
  iconColor: row.iconColor || undefined,
  password: '',
  passwordTips: '',
});

export function folderNode(row: FolderRow, children: EagleRecord[]): EagleRecord {
  const kept = isRecord(row.eagleRecord) ? row.eagleRecord : undefined;
  const then = kept ? folderRecordOf(folderRowOf(kept, row.parent, row.createdAt)) : undefined;
  return { ...overlay(kept, then, folderRecordOf(row)), children };
}

/**
 * Pre-1.9.2 smart folders hold `set` + `rules` instead of `conditions` (§5). Groups are kept as
 * stored, but for ones that are no object or hold no rule list, which the rule engine cannot read.
 */
export function conditionsOf(node: EagleRecord): unknown[] {
  if (Array.isArray(node.conditions)) {
    return records(node.conditions).map((group) => (Array.isArray(group.rules) ? { ...group, rules: records(group.rules) } : { ...group, rules: [] }));
  }
  if (Array.isArray(node.rules)) return [{ match: node.set === 'intersection' ? 'AND' : 'OR', rules: node.rules, boolean: 'TRUE' }];
  return [];
}

export function smartFolderRowOf(node: EagleRecord, parent: string | null, createdAt: number): SmartFolderRow {
  return {
    id: str(node.id),
    name: str(node.name),
    description: str(node.description),
    icon: str(node.icon),
    iconColor: colour(node.iconColor),
    parent,
    conditions: conditionsOf(node),
    modificationTime: num(node.modificationTime, createdAt),
    createdAt,
    eagleRecord: withoutChildren(node),
  };
}

const smartFolderRecordOf = (row: SmartFolderRow): EagleRecord => ({
  id: row.id,
  icon: row.icon,
  iconColor: row.iconColor,
  name: row.name,
  description: row.description,
  modificationTime: row.modificationTime,
  conditions: row.conditions,
  children: [],
});

export function smartFolderNode(row: SmartFolderRow, children: EagleRecord[]): EagleRecord {
  const kept = isRecord(row.eagleRecord) ? row.eagleRecord : undefined;
  const then = kept ? smartFolderRecordOf(smartFolderRowOf(kept, row.parent, row.createdAt)) : undefined;
  const out = overlay(kept, then, smartFolderRecordOf(row));
  // Rules edited here are written in the current shape only.
  if (kept && then && JSON.stringify(then.conditions) !== JSON.stringify(row.conditions)) {
    delete out.set;
    delete out.rules;
  }
  return { ...out, children };
}

export function tagGroupRowOf(node: EagleRecord, createdAt: number): TagGroupRow {
  return {
    id: str(node.id),
    name: str(node.name),
    color: colour(node.color),
    tags: strings(node.tags),
    description: str(node.description),
    createdAt,
    eagleRecord: { ...node },
  };
}

const tagGroupRecordOf = (row: TagGroupRow): EagleRecord => ({
  id: row.id,
  name: row.name,
  tags: row.tags,
  color: row.color || undefined,
  description: row.description || undefined,
});

export function tagGroupRecord(row: TagGroupRow): EagleRecord {
  const kept = isRecord(row.eagleRecord) ? row.eagleRecord : undefined;
  const then = kept ? tagGroupRecordOf(tagGroupRowOf(kept, row.createdAt)) : undefined;
  return overlay(kept, then, tagGroupRecordOf(row));
}
