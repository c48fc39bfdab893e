/**
 * The `searchIndex` item observer keeps each item's search terms (in its row, `ItemRow.search`)
 * and the term posting lists (the persistent word index) right in the same transaction as every
 * item change. Its derive step sets the row's terms before the row is written; folder names and
 * comments are read fresh from their tables each time, because a folder rename or a comment edit
 * reaches us through `refreshItems`. An edit that leaves every searchable field of the row as it
 * was (rating, trash, a thumbnail made) carries the terms over and leaves the index alone.
 */
import { termList } from '../postings/posting-lists';
import { applyPostings, notePostings, type PostingDelta } from '../postings/postings-store';
import { isRefresh, type ItemChange, type ItemObserver } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { searchableFields, searchTermsOf } from './search-document';

/** The row's own searchable values; folder names and comments are read from their tables. */
const textOf = (row: ItemRow) => [row.name, row.ext, row.annotation, row.url, ...row.tags, '', ...row.folders].join('\u0000');

/** False for an edit that cannot change the item's searchable text; a refresh always may. */
const touchesText = (change: ItemChange) => {
  const { before, after } = change;
  return !before || !after || isRefresh(change) || textOf(before) !== textOf(after);
};

/** Sets `search` on every row to be written: made afresh where the text may have changed, else the stored terms. */
async function deriveSearchTerms(db: LibraryDb, changes: readonly ItemChange[]): Promise<void> {
  const fresh: ItemRow[] = [];
  for (const change of changes) {
    if (!change.after) continue;
    if (touchesText(change) || !change.before!.search) fresh.push(change.after);
    else change.after.search = change.before!.search;
  }
  if (fresh.length === 0) return;
  const folderIds = [...new Set(fresh.flatMap((row) => row.folders))];
  const folderNames = new Map<string, string>();
  for (const folder of await db.folders.bulkGet(folderIds)) if (folder) folderNames.set(folder.id, folder.name);
  const comments = new Map<string, string[]>();
  for (const comment of await db.comments.where('itemId').anyOf(fresh.map((row) => row.id)).toArray()) {
    const texts = comments.get(comment.itemId) ?? [];
    texts.push(comment.annotation);
    comments.set(comment.itemId, texts);
  }
  for (const row of fresh) {
    const names = row.folders.flatMap((id) => folderNames.get(id) ?? []);
    row.search = searchTermsOf(searchableFields(row, names, comments.get(row.id) ?? []));
  }
}

const termLists = (row: ItemRow | undefined) => (row?.search ? row.search.terms.map(termList) : []);

/** Moves the item keys between term lists by the difference of the terms before and after. */
const updateTermLists = async (db: LibraryDb, changes: readonly ItemChange[]) => {
  const delta: PostingDelta = new Map();
  for (const change of changes) {
    if (change.before?.search === change.after?.search) continue; // carried over: the same terms
    notePostings(delta, (change.after ?? change.before)!.pk, termLists(change.before), termLists(change.after));
  }
  await applyPostings(db, delta);
};

export const searchIndex: ItemObserver = Object.assign(updateTermLists, { derive: deriveSearchTerms });
