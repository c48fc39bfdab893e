/**
 * What a first load's bulk batches run of the write pipeline (put-published-index.ts): the item
 * observers whose tables the published index replaces whole once every shard is stored (posting
 * lists, the search index's term lists, tag, folder and smart-folder counts) and the item change
 * announcements (the library is announced `indexed` then, once) are left out, and so is the search index (the
 * batch gives each row its terms itself, store-shards.ts); every other observer (media and
 * AI jobs, descriptors, sync marks) runs as on any write. One posting list is kept right all along:
 * the trash list, which every listing (they read the rows) subtracts, so a trashed item never shows
 * as live while the index is on its way.
 */
import { itemChanges } from '../events/item-changes.observer';
import { folderBookkeeping } from '../folders/folder-bookkeeping';
import { postingLists } from '../postings/postings.observer';
import { searchIndex } from '../search/search-index';
import { smartFolderCountUpkeep } from '../smart-folders/count-upkeep';
import { facetList } from '../postings/posting-lists';
import { applyPostings, notePostings, type PostingDelta } from '../postings/postings-store';
import { TRASHED } from '../storage/counts';
import type { ItemObserver } from '../storage/item-changes';
import type { ItemRow } from '../storage/rows';
import { tagBookkeeping } from '../tags/tag-bookkeeping';

const PUT_WITH_THE_INDEX: ReadonlySet<ItemObserver> = new Set([postingLists, searchIndex, tagBookkeeping, folderBookkeeping, smartFolderCountUpkeep, itemChanges]);

const trashLists = (row: ItemRow | undefined) => (row?.facets.includes(TRASHED) ? [facetList(TRASHED)] : []);

const trashListOnly: ItemObserver = async (db, changes) => {
  const delta: PostingDelta = new Map();
  for (const { before, after } of changes) notePostings(delta, (after ?? before)!.pk, trashLists(before), trashLists(after));
  await applyPostings(db, delta);
};

export function bulkLoadObservers(observers: readonly ItemObserver[]): ItemObserver[] {
  return observers.flatMap((observer) =>
    observer === postingLists ? [trashListOnly] : PUT_WITH_THE_INDEX.has(observer) ? [] : [observer],
  );
}
