/**
 * Rename and merge: every item, tag group, folder, smart-folder tag rule and tag row that names the
 * old tag is rewritten.
 * Runs inside the caller's writeTransaction, so a failure part-way leaves everything as it was.
 * Items change through commitItemChanges, so counts, recent tags and the search index follow.
 */
import type { ItemObserver } from '../storage/item-changes';
import { withDerivedFields } from '../listing/item-row';
import { commitItemChanges, type ItemChange } from '../storage/item-changes';
import { forgetCounts } from '../storage/forget-counts';
import type { LibraryDb } from '../storage/library-db';
import type { Conditions, Rule, SetRule } from '../smart-folders/rules';
import type { TagRow } from '../storage/rows';
import { pinyinOf } from './pinyin';
import { newTagRow } from './tag-row';

/** Items rewritten per commitItemChanges call: bounds memory for tags used by many items. */
const CHUNK = 1000;

const replaced = (names: readonly string[], from: string, to: string) => [...new Set(names.map((n) => (n === from ? to : n)))];

/** Gives every item carrying `from` the tag `to` instead; returns how many items changed (trash included). */
async function retagItems(db: LibraryDb, observers: readonly ItemObserver[], from: string, to: string, now: number): Promise<number> {
  const pks = await db.items.where('tags').equals(from).primaryKeys();
  for (let start = 0; start < pks.length; start += CHUNK) {
    const rows = await db.items.bulkGet(pks.slice(start, start + CHUNK));
    const changes: ItemChange[] = rows.flatMap((before) =>
      before ? [{ before, after: withDerivedFields({ ...before, tags: replaced(before.tags, from, to), modificationTime: now }) }] : [],
    );
    await commitItemChanges(db, changes, observers, now);
  }
  return pks.length;
}

/** Tag groups, folder tags and smart-folder tag rules (all small tables) that name `from` name `to` instead. */
async function retagReferences(db: LibraryDb, from: string, to: string, now: number): Promise<void> {
  const groups = (await db.tagGroups.toArray()).filter((group) => group.tags.includes(from));
  await db.tagGroups.bulkPut(groups.map((group) => ({ ...group, tags: replaced(group.tags, from, to) })));
  const folders = (await db.folders.toArray()).filter((folder) => folder.tags.includes(from));
  await db.folders.bulkPut(folders.map((folder) => ({ ...folder, tags: replaced(folder.tags, from, to), modificationTime: now })));
  const smartFolders = (await db.smartFolders.toArray()).filter((folder) => (folder.conditions as Conditions).some((group) => group.rules.some((rule) => namesTag(rule, from))));
  await db.smartFolders.bulkPut(smartFolders.map((folder) => ({ ...folder, conditions: retagConditions(folder.conditions as Conditions, from, to), modificationTime: now })));
  await forgetCounts(db, smartFolders.map((folder) => folder.id));
}

const namesTag = (rule: Rule, name: string): rule is SetRule => rule.property === 'tags' && (rule.value ?? []).includes(name);

function retagConditions(conditions: Conditions, from: string, to: string): Conditions {
  return conditions.map((group) => ({
    ...group,
    rules: group.rules.map((rule) => (namesTag(rule, from) ? { ...rule, value: replaced(rule.value!, from, to) } : rule)),
  }));
}

/** Count of the tag as the item observers left it after retagging. */
const countNow = async (db: LibraryDb, name: string) => (await db.tags.get(name))?.count ?? 0;

/** Renames `source` to the unused name `to`, keeping its colour, star and place among recent tags. */
export async function renameTag(db: LibraryDb, observers: readonly ItemObserver[], source: TagRow, to: string, now: number): Promise<number> {
  const affected = await retagItems(db, observers, source.name, to, now);
  await retagReferences(db, source.name, to, now);
  const count = await countNow(db, to);
  await db.tags.delete(source.name);
  await db.tags.put({ ...source, name: to, pinyin: pinyinOf(to), count });
  return affected;
}

const earliestStar = (a: number, b: number) => (a && b ? Math.min(a, b) : a || b);

/**
 * Merges `source` into `target` (created when it does not exist yet). The target keeps its own
 * colour (else takes the source's), is starred when either was, and is as recent as the more
 * recent of the two.
 */
export async function mergeTag(db: LibraryDb, observers: readonly ItemObserver[], source: TagRow, target: string, now: number): Promise<number> {
  const before = (await db.tags.get(target)) ?? newTagRow(target);
  const affected = await retagItems(db, observers, source.name, target, now);
  await retagReferences(db, source.name, target, now);
  const count = await countNow(db, target);
  await db.tags.delete(source.name);
  await db.tags.put({
    ...before,
    count,
    color: before.color || source.color,
    starredAt: earliestStar(before.starredAt, source.starredAt),
    lastUsedAt: Math.max(before.lastUsedAt, source.lastUsedAt),
  });
  return affected;
}
