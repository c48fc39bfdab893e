/**
 * A view state → the API request that lists it: item/get's filters for the view and the chips,
 * item/query when there is search text (it takes the same filters), and the order. item/ids and
 * item/position take the same parameters, so a range or a position always follows the grid's order.
 */
import type { ViewState } from './view-state';
import { sortKey } from './view-state';
import { aiListingOf } from '../ai/ai-listing';
import type { Listing, ListingParams } from './listing-shape';

export type { Listing, ListingParams } from './listing-shape';

export function listingOf(state: ViewState): Listing {
  const ai = aiListingOf(state);
  if (ai) return ai;
  const params: ListingParams = {};
  const { view, filters } = state;
  const tags = [...filters.tags];
  const folders = [...filters.folders];
  if (view.kind === 'unfiled') params.isUnfiled = true;
  if (view.kind === 'untagged') params.isUntagged = true;
  if (view.kind === 'trash') params.isDeleted = true;
  if (view.kind === 'tag' && !tags.includes(view.id)) tags.unshift(view.id);
  // A folder view is that folder; folder chips then do not apply (item/get's folders are any-of).
  if (view.kind === 'folder') params.folders = [view.id];
  else if (folders.length) params.folders = folders;
  if (view.kind === 'smart') params.smartFolders = [view.id];
  if (tags.length) params.tags = tags;
  if (filters.ext) params.ext = filters.ext;
  if (filters.rating !== undefined) params.rating = filters.rating;
  if (filters.shape) params.shape = filters.shape;
  if (filters.color) params.color = filters.color;
  if (view.kind === 'random') {
    params.orderBy = 'RANDOM';
    params.seed = state.seed;
  } else {
    params.orderBy = sortKey(state.sort);
  }
  const search = state.search.trim();
  if (search) params.query = search;
  return { path: search ? '/item/query' : '/item/get', params };
}

/** Two listings answer the same items in the same order. */
export function sameListing(a: Listing, b: Listing): boolean {
  return a.path === b.path && JSON.stringify(a.params) === JSON.stringify(b.params);
}
