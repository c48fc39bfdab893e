/**
 * The `postingLists` item observer keeps the item lists (all, tags, folders, ext, star, facets) in
 * step with the rows, in the same transaction. The search index keeps the term lists itself.
 */
import { isRefresh, type ItemObserver } from '../storage/item-changes';
import { itemLists } from './posting-lists';
import { applyPostings, notePostings, type PostingDelta } from './postings-store';

export const postingLists: ItemObserver = async (db, changes) => {
  const delta: PostingDelta = new Map();
  for (const change of changes) {
    if (isRefresh(change)) continue; // the row's own fields did not change
    const { before, after } = change;
    const pk = (after ?? before)!.pk;
    notePostings(delta, pk, before ? itemLists(before) : [], after ? itemLists(after) : []);
  }
  await applyPostings(db, delta);
};
