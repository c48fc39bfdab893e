/** The engines a listing calls but does not own: features hand them in through their manifests (`listing`). */
import type { LibraryDb } from '../storage/library-db';
import type { Candidates } from './filters';

export interface ListingEngines {
  /** The candidates of an item/query search (search's query engine). */
  search(db: LibraryDb, query: string): Promise<Candidates>;
  /** The items of the smart folders `ids` (smart folders' rule engine); `now` dates relative rules. */
  smartFolders(db: LibraryDb, ids: readonly string[], now: number): Promise<string[]>;
}

/** The engines the manifests hand in, each exactly once. */
export function listingEnginesOf(parts: readonly Partial<ListingEngines>[]): ListingEngines {
  const search = parts.flatMap((part) => (part.search ? [part.search] : []));
  const smartFolders = parts.flatMap((part) => (part.smartFolders ? [part.smartFolders] : []));
  if (search.length !== 1 || smartFolders.length !== 1) throw new Error(`Listings need one search engine and one smart-folder engine, not ${search.length} and ${smartFolders.length}.`);
  return { search: search[0]!, smartFolders: smartFolders[0]! };
}
