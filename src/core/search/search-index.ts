/**
 * The `searchIndex` item observer keeps the `terms` table (each item's terms and words) and the
 * term posting lists (the persistent word index) right in the same transaction as every item
 * change. Folder names and comments are read fresh from their tables each time, because a folder
 * rename or a comment edit reaches us through `refreshItems`.
 */
import { termList } from '../postings/posting-lists';
import { applyPostings, notePostings, type PostingDelta } from '../postings/postings-store';
import type { ItemObserver } from '../storage/item-changes';
import type { TermsRow } from '../storage/rows';
import { searchableFields, termsRowOf } from './search-document';

export const searchIndex: ItemObserver = async (db, changes) => {
  const rows = changes.flatMap((change) => (change.after ? [change.after] : []));
  const removed = changes.flatMap((change) => (!change.after && change.before ? [change.before.pk] : []));
  const known = changes.flatMap((change) => (change.before ? [change.before.pk] : []));
  const previous = new Map<string, TermsRow>();
  for (const row of known.length ? await db.terms.bulkGet(known) : []) if (row) previous.set(row.pk, row);
  const next: TermsRow[] = [];
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
    for (const row of rows) {
      const names = row.folders.flatMap((id) => folderNames.get(id) ?? []);
      next.push(termsRowOf(row.pk, searchableFields(row, names, comments.get(row.id) ?? [])));
    }
    await db.terms.bulkPut(next);
  }
  if (removed.length > 0) await db.terms.bulkDelete(removed);

  const delta: PostingDelta = new Map();
  const termLists = (row: TermsRow | undefined) => (row ? row.terms.map(termList) : []);
  for (const row of next) notePostings(delta, row.pk, termLists(previous.get(row.pk)), termLists(row));
  for (const pk of removed) notePostings(delta, pk, termLists(previous.get(pk)), []);
  await applyPostings(db, delta);
};
