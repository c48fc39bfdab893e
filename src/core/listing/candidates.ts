/**
 * What a listing holds: item/get's filters, narrowed by an item/query search when there is one,
 * in one order. item/get, item/query, item/ids, item/position and smart folders' lists call down
 * to it; the search and smart-folder engines it needs come up through the context (`ctx.listing`,
 * handed in by their features' manifests), so no feature imports another for them.
 */
import type { Context } from '../context';
import { intersectKeySets } from '../postings/key-sets';
import type { LibraryDb } from '../storage/library-db';
import { ALL_ITEMS, filterItems, type Candidates } from './filters';
import type { Filters, ListingInput } from './listing-input';
import { listingMemoOf } from './listing-memo';
import { orderedCandidates, totalOf } from './page';
import { DEFAULT_ORDER, withSeed } from './order';
import { scanWindow } from './scan-window';

export type { ListingInput };

const FILTER_NAMES = [
  'id', 'ids', 'isSelected', 'isUntagged', 'isUnfiled', 'isDeleted', 'keywords', 'tags', 'folders',
  'smartFolders', 'ext', 'annotation', 'rating', 'url', 'shape', 'color',
] as const;

/** True when any item/get filter is set (item/query then narrows by them). */
export function hasFilters(input: Filters): boolean {
  return FILTER_NAMES.some((name) => input[name] !== undefined);
}

/** The filters' candidates, narrowed by the search query when there is one. */
export async function listingCandidates(ctx: Context, db: LibraryDb, input: ListingInput): Promise<Candidates> {
  const filtered = await filterItems(db, input, (ids) => ctx.listing.smartFolders(db, ids, ctx.clock()));
  if (!input.query?.trim()) return filtered;
  const [keys, searched] = await Promise.all([candidateKeys(db, filtered), ctx.listing.search(db, input.query)]);
  const pks = keys === null ? searched.pks : searched.pks === null ? keys : intersectKeySets([[keys], [searched.pks]]);
  return { pks, exclude: filtered.exclude };
}

/** Ascending candidate keys, or null for every item. */
async function candidateKeys(db: LibraryDb, candidates: Candidates): Promise<string[] | null> {
  if (candidates.scan === ALL_ITEMS) return null;
  if (candidates.scan) return candidates.scan.collection(db).primaryKeys();
  return candidates.pks;
}

/** The listing's keys in order; kept a few seconds for the requests that follow (./listing-memo.ts). */
export async function orderedListing(ctx: Context, input: ListingInput, known?: Candidates): Promise<string[]> {
  const { db, record } = await ctx.library();
  const order = async () => orderedCandidates(db, known ?? (await listingCandidates(ctx, db, input)), withSeed(input.orderBy, input.seed));
  // Keyed by the library's path, as its changes are published.
  return listingMemoOf(ctx.changes, ctx.clock).ordered(record.path, input, order);
}

/** Past this many keys, slicing the whole ordering (read from posting blocks) beats walking an index key by key. */
const WALK_AT_MOST = 5000;

/**
 * The listing's keys at `offset`..`offset + limit - 1` and its total. A stretch of an index scan in
 * import order (the grid's default listing, a tag, a folder) is walked to (./scan-window.ts) unless
 * the ordering is kept already; anything else is a slice of the ordering.
 */
export async function listingWindow(ctx: Context, input: ListingInput, offset: number, limit: number): Promise<{ keys: string[]; total: number }> {
  const { db, record } = await ctx.library();
  const order = withSeed(input.orderBy, input.seed) ?? DEFAULT_ORDER;
  let candidates: Candidates | undefined;
  if (limit <= WALK_AT_MOST && order.field === 'IMPORT' && !listingMemoOf(ctx.changes, ctx.clock).holds(record.path, input)) {
    candidates = await listingCandidates(ctx, db, input);
    const { scan, exclude } = candidates;
    if (scan) {
      const [keys, total] = await Promise.all([scanWindow(db, scan, exclude, order.descending, offset, limit), totalOf(db, scan, exclude)]);
      if (keys) return { keys, total };
    }
  }
  const ordered = await orderedListing(ctx, input, candidates);
  return { keys: ordered.slice(offset, offset + limit), total: ordered.length };
}
