/**
 * The last ordered listing item/ids or item/position worked out: the position index of the listing
 * the grid shows. The grid reads its ids a window at a time as the person scrolls and jumps (and a
 * wide range in chunks asked together); each window is a slice of this one ordering, not an ordering
 * of its own. Kept while in use: KEEP_MS after its last use. Requests that arrive while it is being
 * ordered share that work.
 *
 * A cache, never a source: any change to the library's items, folders or tags drops it, a stopped
 * worker loses it, and listings that can change without an announced change are never kept (the
 * selection, smart folders whose rules read the clock, a random order without a seed).
 */
import type { ChangeEvent } from '../events/change';
import type { ChangeFeed } from '../events/change-feed';
import type { ListingInput } from './listing-input';

/** A person reading a screen for a while, then scrolling on, still finds it (1M keys take seconds to order). */
export const KEEP_MS = 60_000;

interface Entry {
  key: string;
  library: string;
  /** When it was last used. */
  at: number;
  ordered: Promise<string[]>;
  /** The keys once ordered. */
  settled?: string[];
  timer?: ReturnType<typeof setTimeout>;
}

export class ListingMemo {
  private entry: Entry | null = null;

  constructor(feed: ChangeFeed, private readonly clock: () => number) {
    feed.subscribe((event) => {
      if (this.entry && movesListings(event, this.entry.library)) this.entry = null;
    });
  }

  /** Whether the listing's ordering is kept and done (a slice of it then costs nothing). */
  holds(library: string, input: ListingInput): boolean {
    const kept = this.entry;
    return kept?.settled !== undefined && kept.key === memoKey(library, input) && this.clock() - kept.at < KEEP_MS;
  }

  /** The listing's ordered keys: the kept ones when still good, else `order()`'s (then kept). */
  ordered(library: string, input: ListingInput, order: () => Promise<string[]>): Promise<string[]> {
    const key = memoKey(library, input);
    if (key === null) return order();
    const kept = this.entry;
    if (kept && kept.key === key && this.clock() - kept.at < KEEP_MS) {
      this.keep(kept);
      return kept.ordered;
    }
    if (kept?.timer !== undefined) clearTimeout(kept.timer);
    const entry: Entry = { key, library, at: this.clock(), ordered: order() };
    this.entry = entry;
    // A failed ordering is not kept; a change published meanwhile has already dropped it.
    entry.ordered.then((keys) => (entry.settled = keys)).catch(() => this.entry === entry && (this.entry = null));
    this.keep(entry);
    return entry.ordered;
  }

  /** Used now: kept KEEP_MS more. An unused one does not sit in the worker's memory (1M keys are tens of MB). */
  private keep(entry: Entry): void {
    entry.at = this.clock();
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.entry === entry && (this.entry = null), KEEP_MS);
  }
}

/**
 * Whether a change can move an item into, out of or within a kept listing of `library`. Progress
 * (an import's, AI evidence stored: no item row changes) and a selection or an item opened cannot:
 * while the app indexes a million items, AI progress came every batch and each jump re-ordered them.
 */
function movesListings(event: ChangeEvent, library: string): boolean {
  if (event.library !== library) return false;
  if (event.kind === 'import' || event.kind === 'aiSearch') return false;
  if (event.kind === 'item' && (event.action === 'selected' || event.action === 'opened')) return false;
  return !(event.kind === 'folder' && event.action === 'opened');
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
