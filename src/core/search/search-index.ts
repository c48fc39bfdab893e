/**
 * The `searchIndex` item observer keeps the `terms` table (the persistent word index) right in the
 * same transaction as every item change. Folder names and comments are read fresh from their
 * tables each time, because a folder rename or a comment edit reaches us through `refreshItems`.
 */
import type { ItemObserver } from '../storage/item-changes';
import { searchableFields, termsRowOf } from './search-document';

export const searchIndex: ItemObserver = async (db, changes) => {
  const rows = changes.flatMap((change) => (change.after ? [change.after] : []));
  const removed = changes.flatMap((change) => (!change.after && change.before ? [change.before.pk] : []));
  if (rows.length > 0) {
    const folderIds = [...new Set(rows.flatMap((row) => row.folders))];
    const folderNames = new Map<string, string>();
    for (const folder of await db.folders.bulkGet(folderIds)) if (folder) folderNames.set(folder.id, folder.name);
    const comments = new Map<string, string[]>();
    for (const comment of await db.comments.where('itemId').anyOf(rows.map((row) => row.id)).toArray()) {
      const texts = comments.get(comment.itemId) ?? [];
      texts.push(comment.annotation);
      comments.set(comment.itemId, texts);
    }
    await db.terms.bulkPut(
      rows.map((row) => {
        const names = row.folders.flatMap((id) => folderNames.get(id) ?? []);
        return termsRowOf(row.pk, searchableFields(row, names, comments.get(row.id) ?? []));
      }),
    );
  }
  if (removed.length > 0) await db.terms.bulkDelete(removed);
};
