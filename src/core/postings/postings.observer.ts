/**
 * The `postingLists` item observer keeps the item lists (all, tags, folders, ext, star, facets) in
 * step with the rows, in the same transaction. The search index keeps the term lists itself.
 */
import type { ItemObserver } from '../storage/item-changes';
import { itemLists } from './posting-lists';
import { applyPostings, notePostings, type PostingDelta } from './postings-store';

export const postingLists: ItemObserver = async (db, changes) => {
  const delta: PostingDelta = new Map();
  for (const { before, after } of changes) {
    if (before === after) continue; // a refresh: the row itself did not change
    const pk = (after ?? before)!.pk;
    notePostings(delta, pk, before ? itemLists(before) : [], after ? itemLists(after) : []);
  }
  await applyPostings(db, delta);
};
