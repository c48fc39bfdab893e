/**
 * The `searchIndex` item observer keeps the `terms` table (each item's terms and words) and the
 * term posting lists (the persistent word index) right in the same transaction as every item
 * change. Folder names and comments are read fresh from their tables each time, because a folder
 * rename or a comment edit reaches us through `refreshItems`. An edit that leaves every searchable
 * field of the row as it was (rating, trash, a thumbnail made) leaves the index alone.
 */
import { termList } from '../postings/posting-lists';
import { applyPostings, notePostings, type PostingDelta } from '../postings/postings-store';
import type { ItemChange, ItemObserver } from '../storage/item-changes';
import type { ItemRow, TermsRow } from '../storage/rows';
import { searchableFields, termsRowOf } from './search-document';

/** The row's own searchable values; folder names and comments are read from their tables. */
const textOf = (row: ItemRow) => [row.name, row.ext, row.annotation, row.url, ...row.tags, '', ...row.folders].join('\u0000');

/** False for an edit that cannot change the item's searchable text; a refresh (same row) always may. */
const touchesText = ({ before, after }: ItemChange) => !before || !after || before === after || textOf(before) !== textOf(after);

export const searchIndex: ItemObserver = async (db, all) => {
  const changes = all.filter(touchesText);
  if (changes.length === 0) return;
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
