/**
 * The items of the current listing, fetched a page at a time as the grid shows them. Only pages of
 * visible rows are asked for; at most MAX_PAGES stay cached (least recently used go first). A new
 * listing bumps the generation, so answers for the old one are dropped.
 */
import type { Item, Page } from '../api-types';
import { Store } from '../state/store';
import type { ApiPort } from '../state/api-port';
import type { Listing } from '../search/listing';
import { fetchAiListing, isAiListing } from '../ai/ai-listing';

export const PAGE_SIZE = 100;
const MAX_PAGES = 40;

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
  private firstPage: Promise<void> = Promise.resolve();
  private readonly pages = new Map<number, Item[]>();
  private readonly inflight = new Map<number, Promise<void>>();

  constructor(
    private readonly api: ApiPort,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super();
  }

  /** Shows a new listing: its first page and total. */
  async load(listing: Listing): Promise<void> {
    this.listing = listing;
    this.generation += 1;
    this.pages.clear();
    this.inflight.clear();
    this.loading = true;
    this.error = null;
    this.message = '';
    this.changed();
    this.firstPage = this.fetchPage(0, this.generation);
    await this.firstPage;
  }

  /** Resolves once the current listing's first page (and total) has answered. */
  async ready(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.firstPage;
      await seen;
    } while (seen !== this.firstPage);
  }

  /** Asks again for the total and every cached page (after an edit or a trash). */
  async refresh(): Promise<void> {
    if (!this.listing) return;
    const generation = this.generation;
    const cached = [...this.pages.keys()];
    this.inflight.clear();
    await Promise.all((cached.length ? cached : [0]).map((page) => this.fetchPage(page, generation)));
  }

  itemAt(index: number): Item | undefined {
    const page = Math.floor(index / PAGE_SIZE);
    const items = this.pages.get(page);
    if (!items) return undefined;
    this.pages.delete(page);
    this.pages.set(page, items);
    return items[index - page * PAGE_SIZE];
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

  /** Where a loaded item is, or -1. */
  indexOfLoaded(id: string): number {
    for (const [page, items] of this.pages) {
      const at = items.findIndex((item) => item.id === id);
      if (at >= 0) return page * PAGE_SIZE + at;
    }
    return -1;
  }

  /** Puts fresh copies of items into the cached pages (after an edit, or a thumbnail became ready). */
  replace(fresh: readonly Item[]): void {
    const byId = new Map(fresh.map((item) => [item.id, item]));
    let touched = false;
    for (const items of this.pages.values()) {
      items.forEach((item, at) => {
        const next = byId.get(item.id);
        if (next) {
          items[at] = next;
          touched = true;
        }
      });
    }
    if (touched) this.changed();
  }

  /** Ids of loaded items in start..end whose thumbnail is still being made. */
  pendingThumbnails(start: number, end: number): string[] {
    const out: string[] = [];
    for (let index = start; index <= end && index < this.total; index++) {
      const item = this.pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
      if (item && item.thumbnailReady === false) out.push(item.id);
    }
    return out;
  }

  /** Ids of the listing's stretch offset..offset+limit-1, in the grid's order, loaded or not (item/ids). */
  async ids(offset: number, limit: number): Promise<string[]> {
    if (!this.listing || limit <= 0) return [];
    // An AI listing is one page, all loaded: item/ids could not list it.
    if (isAiListing(this.listing)) return (this.pages.get(0) ?? []).slice(offset, offset + limit).map((item) => item.id);
    const answer = await this.api.post<{ ids: string[] }>('/item/ids', { ...this.listing.params, offset, limit });
    return answer.ids;
  }

  private fetchPage(page: number, generation: number): Promise<void> {
    const listing = this.listing!;
    const asked: Promise<Pick<Page<Item>, 'data' | 'total'> & { message?: string }> = isAiListing(listing)
      ? fetchAiListing(this.api, listing)
      : this.api.post<Page<Item>>(listing.path, { ...listing.params, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
    const request = asked
      .then((answer) => {
        if (generation !== this.generation) return;
        this.pages.set(page, answer.data);
        this.total = answer.total;
        this.message = answer.message ?? '';
        this.evict();
      })
      .catch((error: unknown) => {
        if (generation !== this.generation) return;
        this.error = error instanceof Error ? error : new Error(String(error));
        if (page === 0) this.total = 0;
        this.onError(error);
      })
      .finally(() => {
        if (generation !== this.generation) return;
        this.inflight.delete(page);
        if (page === 0) this.loading = false;
        this.changed();
      });
    this.inflight.set(page, request);
    return request;
  }

  private evict(): void {
    while (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
  }
}
