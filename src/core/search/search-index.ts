/**
 * The `searchIndex` item observer keeps the `terms` table (the persistent word index) right in the
 * same transaction as every item change. Folder names and comments are read fresh from their
 * tables each time, because a folder rename or a comment edit reaches us through `refreshItems`.
 */
import type { ItemObserver } from '../storage/item-changes';
import type { ItemRow } from '../storage/rows';
import { searchableFields, termsRowOf } from './search-document';

export const searchIndex: ItemObserver = async (db, changes) => {
  const current = new Map<string, ItemRow>();
  const stale = new Set<string>();
  for (const { before, after } of changes) {
    if (before && before.pk !== after?.pk) stale.add(before.pk);
    if (after) current.set(after.pk, after);
  }
  for (const pk of current.keys()) stale.delete(pk);
  const rows = [...current.values()];
  if (rows.length > 0) {
    const folderIds = [...new Set(rows.flatMap((row) => row.folders))];
    const folderNames = new Map<string, string>();
    for (const folder of await db.folders.bulkGet(folderIds)) if (folder) folderNames.set(folder.id, folder.name);
    const comments = new Map<string, string[]>();
    for (const comment of await db.comments.where('itemId').anyOf(rows.map((row) => row.id)).toArray()) {
      comments.set(comment.itemId, [...(comments.get(comment.itemId) ?? []), comment.annotation]);
    }
    await db.terms.bulkPut(
      rows.map((row) => {
        const names = row.folders.flatMap((id) => folderNames.get(id) ?? []);
        return termsRowOf(row.pk, searchableFields(row, names, comments.get(row.id) ?? []));
      }),
    );
  }
  if (stale.size > 0) await db.terms.bulkDelete([...stale]);
};
