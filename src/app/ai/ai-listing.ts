/**
 * The AI views as listings: "find similar" (aiSearch/searchByItemId), a dropped picture
 * (searchByBase64) and a search by meaning (searchByText). They answer one ranked page, best
 * first, with no filters or sort (the API has none for them); each item carries its `match` (score
 * and which signals matched) so the grid can say why it is there.
 */
import type { Item } from '../api-types';
import type { ApiPort } from '../state/api-port';
import type { AiPath, Listing } from '../search/listing-shape';
import { isAiView, type ViewState } from '../search/view-state';
import { droppedImage } from './dropped-images';

/** How many results an AI view asks for: one grid page (result-store.ts PAGE_SIZE). */
export const AI_LIMIT = 100;

export interface Match {
  score: number;
  signals: string[];
  nearDuplicate?: boolean;
}
export type MatchedItem = Item & { match?: Match };

interface AiAnswer {
  results: { item: Item; score: number; signals: string[]; nearDuplicate?: boolean }[];
  message?: string;
}

export function aiListingOf(state: ViewState): Listing | null {
  const { view } = state;
  if (isAiView(view)) {
    return view.kind === 'similar'
      ? { path: '/aiSearch/searchByItemId', params: { itemId: view.id, limit: AI_LIMIT } }
      : { path: '/aiSearch/searchByBase64', params: { imageKey: view.id, limit: AI_LIMIT } };
  }
  const query = state.search.trim();
  if (state.searchMode === 'meaning' && query) return { path: '/aiSearch/searchByText', params: { query, limit: AI_LIMIT } };
  return null;
}

export const isAiListing = (listing: Listing | null): boolean => !!listing?.path.startsWith('/aiSearch/');

/** Runs an AI listing: its items (with their match), and the API's message when there are none. */
export async function fetchAiListing(api: ApiPort, listing: Listing): Promise<{ data: MatchedItem[]; total: number; message?: string }> {
  const { imageKey, ...params } = listing.params;
  const body = imageKey === undefined ? params : { ...params, base64: imageOrThrow(String(imageKey)) };
  const answer = await api.post(listing.path as AiPath, body);
  const data = answer.results.map(({ item, ...match }) => ({ ...item, match }));
  return { data, total: data.length, ...(answer.message ? { message: answer.message } : {}) };
}

function imageOrThrow(key: string): string {
  const base64 = droppedImage(key);
  if (base64 === undefined) throw new Error('The dropped picture is no longer kept (it lives only in the tab it was dropped in): drop it on the search box again.');
  return base64;
}
