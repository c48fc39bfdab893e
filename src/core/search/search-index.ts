/**
 * The `searchIndex` item observer keeps each item's search terms (in its row, `ItemRow.search`)
 * and the term posting lists (the persistent word index) right in the same transaction as every
 * item change. Its derive step sets the row's terms before the row is written. Folder names,
 * comments and content text are read from their tables each time (folders may be handed in by a writer that has
 * just read them), because a folder rename, a comment edit or new content text reaches us through `refreshItems`.
 * An edit that leaves every searchable field of the row as it was (rating, trash, a thumbnail
 * made) carries the terms over and leaves the index alone.
 */
import { termList } from '../postings/posting-lists';
import { applyPostings, notePostings, type PostingDelta } from '../postings/postings-store';
import { isRefresh, type ItemChange, type ItemObserver, type KnownRows } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { rowsByKey } from '../storage/rows-by-key';
import { withSearchTerms } from './search-document';

/** The row's own searchable values; folder names and comments are read from their tables. */
const textOf = (row: ItemRow) => [row.name, row.ext, row.annotation, row.url, ...row.tags, '', ...row.folders].join('\u0000');

/** False for an edit that cannot change the item's searchable text; a refresh always may. */
const touchesText = (change: ItemChange) => {
  const { before, after } = change;
  return !before || !after || isRefresh(change) || textOf(before) !== textOf(after);
};

/**
 * The changes with `search` set on every row to be written (new row objects): made afresh where the
 * text may have changed, else the stored terms carried over. Folder names come from `known` where
 * the writer has read the folders already, else from one read of the rest (rows-by-key.ts).
 */
async function deriveSearchTerms(db: LibraryDb, changes: readonly ItemChange[], known: KnownRows): Promise<readonly ItemChange[]> {
  const fresh = changes.flatMap((change) => (change.after && (touchesText(change) || !change.before!.search) ? [change.after] : []));
  if (fresh.length === 0) return changes.map((change) => (change.after ? { ...change, after: { ...change.after, search: change.before!.search } } : change));
  const folderNames = new Map<string, string>();
  const unread: string[] = [];
  for (const id of new Set(fresh.flatMap((row) => row.folders))) {
    const folder = known.folders?.get(id);
    if (folder) folderNames.set(id, folder.name);
    else unread.push(id);
  }
  // Only IndexedDB requests are awaited here: a bare await of a settled promise can let fake-indexeddb commit early.
  if (unread.length) for (const folder of await rowsByKey(db.folders, unread)) if (folder) folderNames.set(folder.id, folder.name);
  const comments = new Map<string, string[]>();
  for (const comment of await db.comments.where('itemId').anyOf(fresh.map((row) => row.id)).toArray()) {
    const texts = comments.get(comment.itemId) ?? [];
    texts.push(comment.annotation);
    comments.set(comment.itemId, texts);
  }
  // Most rows have no content text (none of a new item's): a range read, not one get per row (rows-by-key.ts).
  const contentTexts = await rowsByKey(db.contentTexts, fresh.map((row) => row.id));
  const contentOf = new Map(fresh.map((row, at) => [row.id, contentTexts[at]?.text ?? '']));
  const made = new Set(fresh);
  return changes.map((change) => {
    const { before, after } = change;
    if (!after) return change;
    if (!made.has(after)) return { ...change, after: { ...after, search: before!.search } };
    return { ...change, after: withSearchTerms(after, folderNames, comments.get(after.id) ?? [], contentOf.get(after.id)) };
  });
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
