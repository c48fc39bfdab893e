/**
 * The items of the current listing, as the grid shows them. Two layers:
 * - the listing's ordered ids in windows near what is shown (item/ids offset + limit, ListingIds),
 *   so a jump deep into a million-item listing is one window request and no offset paging, and the
 *   page holds a bounded number of ids however big the listing;
 * - the items' details a page at a time, read by id (item/get `ids`), only for visible rows; at most
 *   MAX_PAGES stay cached (least recently used go first).
 * The first page comes from the listing itself, so the first screen needs no ids. A new listing bumps
 * the generation, so answers for the old one are dropped. See docs/decisions/grid-id-windows.md.
 * An AI listing (../ai/ai-listing.ts) is one ranked page, all loaded at once: its ids are that page's.
 */
import { wholeItems, type Item, type Page } from '../api-types';
import { Store } from '../state/store';
import type { ApiPort } from '../state/api-port';
import type { Listing } from '../search/listing';
import { fetchAiListing, isAiListing } from '../ai/ai-listing';
import { ListingIds, WINDOW } from './listing-ids';

export const PAGE_SIZE = 100;
const MAX_PAGES = 40;
/** Pages a refresh reads again: more than a screen holds at the smallest thumbnails. */
const REFRESH_PAGES = 8;

/**
 * Waits for the promise `current` gives until it gives the same one after the wait: one that
 * replaced it meanwhile (a newer listing, a newer refresh) is waited for too.
 */
async function settledAll(current: () => Promise<void>, { failed }: { failed?: 'ignored' } = {}): Promise<void> {
  let seen: Promise<void>;
  do {
    seen = current();
    await (failed === 'ignored' ? seen.catch(() => undefined) : seen);
  } while (seen !== current());
}

export class ResultStore extends Store {
  listing: Listing | null = null;
  total = 0;
  /** True until the first page of the current listing has answered. */
  loading = true;
  /** The last failure of the current listing (a search's syntax error, say). */
  error: Error | null = null;
  /** Why an AI listing found nothing, in the API's words (aiSearch/searchByText's `message`). */
  message = '';
  private generation = 0;
  /** Bumped by each refresh: a page read before it may be sliced from ids the refresh replaced. */
  private refreshes = 0;
  /** The current listing's first page failed (its error is the one shown). */
  private firstPageFailed = false;
  private firstPage: Promise<void> = Promise.resolve();
  private refreshing: Promise<void> = Promise.resolve();
  private readonly order: ListingIds;
  private readonly pages = new Map<number, (Item | undefined)[]>();
  private readonly inflight = new Map<number, Promise<void>>();

  constructor(
    private readonly api: ApiPort,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super();
    this.order = new ListingIds(api, () => this.tookWindow());
  }

  /** Shows a new listing: its first page and total; ids come a window at a time as they are shown. */
  async load(listing: Listing): Promise<void> {
    this.listing = listing;
    const generation = ++this.generation;
    this.pages.clear();
    this.inflight.clear();
    this.order.reset(listing);
    this.loading = true;
    this.error = null;
    this.firstPageFailed = false;
    this.message = '';
    this.changed();
    this.firstPage = this.settle(0, generation, this.fetchFirstPage(generation));
    await this.firstPage;
  }

  /** Resolves once the current listing's first page (and total) has answered. */
  ready(): Promise<void> {
    return settledAll(() => this.firstPage);
  }

  /** Asks again for the pages in use, their ids and the total (after an edit, a trash, an event). */
  refresh(): Promise<void> {
    const run = this.refreshNow();
    this.refreshing = run;
    return run;
  }

  /** Resolves once no re-read of the listing (refresh) is under way: the ids it dropped are in again. */
  orderSettled(): Promise<void> {
    return settledAll(() => this.refreshing, { failed: 'ignored' });
  }

  private async refreshNow(): Promise<void> {
    if (!this.listing) return;
    const generation = this.generation;
    this.refreshes += 1;
    // The pages used last (the cache is in order of use: the grid reads every visible cell on each
    // render) are read again; the rest are dropped and read when next shown. A live batch during an
    // import then costs a screen's pages, not the whole cache's.
    const recent = [...this.pages.keys()].slice(-REFRESH_PAGES);
    for (const page of [...this.pages.keys()]) if (!recent.includes(page)) this.pages.delete(page);
    this.inflight.clear();
    if (isAiListing(this.listing)) return this.settle(0, generation, this.fetchFirstPage(generation));
    // The order may have changed: the windows of the pages in use are read again first (with the
    // total), so no cached item is shown at an index the new order gives to another; the rest when shown.
    this.order.drop();
    const pages = recent.length ? recent : [0];
    try {
      await Promise.all([...new Set(pages.map((page) => Math.floor((page * PAGE_SIZE) / WINDOW)))].map((window) => this.order.window(window)));
    } catch (error) {
      // A listing the API refuses (a search's syntax error) is reported once, by its first page.
      await this.firstPage;
      if (generation === this.generation && !this.firstPageFailed) this.fail(error, false);
      return;
    }
    if (generation !== this.generation) return;
    await Promise.all(pages.map((page) => this.fetchPage(page, generation)));
  }

  /** True while the listing shown is an AI search, ranked by evidence the indexers add later. */
  ranksByAi(): boolean {
    return isAiListing(this.listing);
  }

  /** The listing's item/ids input for a described selection; null for an AI listing (the page holds it whole). */
  get listingParams(): Record<string, unknown> | null {
    return !this.listing || isAiListing(this.listing) ? null : this.listing.params;
  }

  /** The id at `index` once its window (or the first page) has come, else undefined. */
  idAt(index: number): string | undefined {
    return this.order.at(index);
  }

  /** The item at `index` when its page is cached (and still agrees with the ids, after a refresh). */
  itemAt(index: number): Item | undefined {
    const page = Math.floor(index / PAGE_SIZE);
    const items = this.pages.get(page);
    if (!items) return undefined;
    this.pages.delete(page);
    this.pages.set(page, items);
    const item = items[index - page * PAGE_SIZE];
    const id = this.order.at(index);
    return item && (id === undefined || id === item.id) ? item : undefined;
  }

  /** Loads the pages holding indexes start..end (inclusive) that are not cached yet. */
  ensure(start: number, end: number): Promise<void> {
    if (!this.listing || this.total === 0) return Promise.resolve();
    const first = Math.max(0, Math.floor(start / PAGE_SIZE));
    const last = Math.min(Math.floor((this.total - 1) / PAGE_SIZE), Math.floor(end / PAGE_SIZE));
    const waits: Promise<void>[] = [];
    for (let page = first; page <= last; page++) {
      if (!this.pages.has(page)) waits.push(this.inflight.get(page) ?? this.fetchPage(page, this.generation));
    }
    return Promise.all(waits).then(() => undefined);
  }

  /** The item at `index`, loading its page when needed. */
  async itemAtLoaded(index: number): Promise<Item | undefined> {
    if (index < 0 || index >= this.total) return undefined;
    await this.ensure(index, index);
    return this.itemAt(index);
  }

  /** Where an item is in the listing as shown, or -1 (only among the ids in the page). */
  indexOfLoaded(id: string): number {
    return this.order.indexOf(id);
  }

  /** Puts fresh copies of items into the cached pages (after an edit, or a thumbnail became ready). */
  replace(fresh: readonly Item[]): void {
    const byId = new Map(fresh.map((item) => [item.id, item]));
    let touched = false;
    for (const items of this.pages.values()) {
      items.forEach((item, at) => {
        const next = item && byId.get(item.id);
        if (next) {
          items[at] = next;
          touched = true;
        }
      });
    }
    if (touched) this.changed();
  }

  /** How many of the listing's ids the page holds (bounded; the grid shows it as data-ids-held for tests). */
  get idsHeld(): number {
    return this.order.held;
  }

  /** Ids of the listing's stretch offset..offset+limit-1, in the grid's order, loaded or not. */
  async ids(offset: number, limit: number): Promise<string[]> {
    if (!this.listing || limit <= 0) return [];
    return this.order.slice(offset, limit);
  }

  /** The first page straight from the listing: total and the first screen's items, no ids needed. */
  private async fetchFirstPage(generation: number): Promise<void> {
    const listing = this.listing!;
    if (isAiListing(listing)) return this.fetchAiPage(listing, generation);
    const answer = wholeItems<Item>(await this.api.post(listing.path as '/item/get' | '/item/query', { ...listing.params, offset: 0, limit: PAGE_SIZE }));
    if (generation !== this.generation) return;
    this.total = answer.total;
    this.order.seed(answer.data.map((item) => item.id));
    this.pages.set(0, answer.data);
    this.evict();
  }

  /** An AI listing's one page: its items are the whole listing, so their ids are all the ids. */
  private async fetchAiPage(listing: Listing, generation: number): Promise<void> {
    const answer = await fetchAiListing(this.api, listing);
    if (generation !== this.generation) return;
    this.total = answer.total;
    this.message = answer.message ?? '';
    this.order.complete(answer.data.map((item) => item.id));
    this.pages.set(0, answer.data);
  }

  /** A window of ids came: its answer's total is the listing's newest. */
  private tookWindow(): void {
    if (this.order.total >= 0 && !isAiListing(this.listing)) this.total = this.order.total;
    this.changed();
  }

  /** One page's details by id, once the ids of its stretch are known. */
  private fetchPage(page: number, generation: number): Promise<void> {
    const refreshes = this.refreshes;
    const request = (async () => {
      if (page === 0) return this.fetchFirstPage(generation);
      const ids = await this.order.slice(page * PAGE_SIZE, PAGE_SIZE);
      if (generation !== this.generation) return;
      if (!ids.length) {
        this.pages.delete(page);
        return;
      }
      // In the Trash, ask among trashed items (item/get leaves them out otherwise).
      const trash = this.listing?.params.isDeleted === true;
      const answer = wholeItems<Item>(await this.api.post('/item/get', { ids, limit: ids.length, ...(trash ? { isDeleted: true } : {}) }));
      // A refresh since: this stretch may be out of order, and the page is read again when next shown.
      if (generation !== this.generation || refreshes !== this.refreshes) return;
      const byId = new Map(answer.data.map((item) => [item.id, item]));
      // An id that has left the listing since (trashed elsewhere) stays a placeholder until the next refresh.
      this.pages.set(page, ids.map((id) => byId.get(id)));
      this.evict();
    })();
    return this.settle(page, generation, request);
  }

  /** Bookkeeping shared by every page request: in flight, errors, the first page's loading flag. */
  private settle(page: number, generation: number, request: Promise<void>): Promise<void> {
    const settled = request
      .catch((error: unknown) => {
        if (generation !== this.generation) return;
        if (page === 0) this.firstPageFailed = true;
        this.fail(error, page === 0);
      })
      .finally(() => {
        if (generation !== this.generation) return;
        if (this.inflight.get(page) === settled) this.inflight.delete(page);
        if (page === 0) this.loading = false;
        this.changed();
      });
    this.inflight.set(page, settled);
    return settled;
  }

  private fail(error: unknown, emptied: boolean): void {
    this.error = error instanceof Error ? error : new Error(String(error));
    if (emptied) this.total = 0;
    this.onError(error);
  }

  private evict(): void {
    while (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
  }
}
