/** What the grid lists: a route and its parameters (./listing.ts makes one from a view state). */

/** The AI searches a listing may be (../ai/ai-listing.ts asks them). */
export type AiPath = '/aiSearch/searchByItemId' | '/aiSearch/searchByBase64' | '/aiSearch/searchByText';

export type ListingParams = Record<string, string | number | boolean | string[]>;

export interface Listing {
  path: '/item/get' | '/item/query' | AiPath;
  /** Filters, search and order; pages add offset and limit. */
  params: ListingParams;
}
