/**
 * When a tag row exists (docs/decisions/tag-retention.md): while any item carries the tag (in the
 * trash too), or while it is starred, coloured or in a tag group. Tags are created implicitly by
 * use and by tag groups; a row that nothing keeps any more is deleted.
 */
import type { LibraryDb } from '../storage/library-db';
import type { TagRow } from '../storage/rows';
import { newTagRow } from './tag-row';

/** Creates rows for names that have none yet (tags named by a tag group). */
export async function ensureTagRows(db: LibraryDb, names: readonly string[]): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  const rows = await db.tags.bulkGet(unique);
  const missing = unique.filter((_, i) => rows[i] === undefined);
  if (missing.length) await db.tags.bulkAdd(missing.map(newTagRow));
}

/** Names of every tag that is in at least one tag group (the groups table is small). */
export async function groupedTagNames(db: LibraryDb): Promise<Set<string>> {
  const groups = await db.tagGroups.toArray();
  return new Set(groups.flatMap((group) => group.tags));
}

const keptByItself = (row: TagRow) => row.count > 0 || row.starredAt > 0 || row.color !== '';

/** Deletes the rows among `names` that nothing keeps any more. */
export async function pruneTags(db: LibraryDb, names: readonly string[]): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  const candidates = (await db.tags.bulkGet(unique)).filter((row): row is TagRow => row !== undefined && !keptByItself(row));
  if (candidates.length === 0) return;
  const grouped = await groupedTagNames(db);
  const doomed: string[] = [];
  for (const { name } of candidates) {
    if (grouped.has(name)) continue;
    // `count` leaves out the trash; a trashed item still carries its tags and keeps them alive.
    const carriers = await db.items.where('tags').equals(name).limit(1).primaryKeys();
    if (carriers.length === 0) doomed.push(name);
  }
  if (doomed.length) await db.tags.bulkDelete(doomed);
}
