/**
 * The last ordered listing item/ids or item/position worked out, kept a few seconds so that the web
 * app's chunked read of a big listing (five item/ids requests of 20,000 ids, asked together) orders
 * it once instead of five times: requests that arrive while it is being ordered share that work.
 *
 * A cache, never a source: any change published on the worker's change feed drops it, a stopped
 * worker loses it, and listings that can change without an announced change are never kept (the
 * selection, smart folders whose rules read the clock, a random order without a seed).
 */
import type { ChangeFeed } from '../events/change-feed';
import type { ListingInput } from './listing-input';

const KEEP_MS = 10_000;

interface Entry {
  key: string;
  at: number;
  ordered: Promise<string[]>;
}

export class ListingMemo {
  private entry: Entry | null = null;

  constructor(feed: ChangeFeed, private readonly clock: () => number) {
    feed.subscribe(() => (this.entry = null));
  }

  /** The listing's ordered keys: the kept ones when still good, else `order()`'s (then kept). */
  ordered(library: string, input: ListingInput, order: () => Promise<string[]>): Promise<string[]> {
    const key = memoKey(library, input);
    if (key === null) return order();
    const kept = this.entry;
    if (kept && kept.key === key && this.clock() - kept.at < KEEP_MS) return kept.ordered;
    const entry: Entry = { key, at: this.clock(), ordered: order() };
    this.entry = entry;
    const drop = () => this.entry === entry && (this.entry = null);
    // A failed ordering is not kept; a change published meanwhile has already dropped it; an old
    // one does not sit in the worker's memory (100,000 keys are a few MB) once it can no longer be used.
    entry.ordered.catch(drop);
    setTimeout(drop, KEEP_MS);
    return entry.ordered;
  }
}

/** What the ordering depends on besides the library's stored data, or null when it is not kept. */
function memoKey(library: string, input: ListingInput): string | null {
  if (input.isSelected !== undefined || input.smartFolders !== undefined) return null;
  if (input.orderBy?.field === 'RANDOM' && input.seed === undefined) return null;
  const { offset: _offset, limit: _limit, item: _item, ...listing } = input as ListingInput & { offset?: number; limit?: number; item?: string };
  return `${library}\n${JSON.stringify(listing)}`;
}

const memos = new WeakMap<ChangeFeed, ListingMemo>();

/** The memo of the worker whose change feed this is (one per feed, made on first use). */
export function listingMemoOf(feed: ChangeFeed, clock: () => number): ListingMemo {
  let memo = memos.get(feed);
  if (!memo) memos.set(feed, (memo = new ListingMemo(feed, clock)));
  return memo;
}
