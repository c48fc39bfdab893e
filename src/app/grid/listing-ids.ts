/**
 * Every id of one listing, in its order, held in the page (item/ids answers up to 100,000 at once;
 * a bigger library takes one request per 100,000). 100,000 ids are about 1.6 MB of JSON, read once
 * per listing; from then on a cell at any depth knows its item without asking, and a range is a
 * slice. Until they come, the first page's ids stand in for the top of the listing.
 */
import type { ApiPort } from '../state/api-port';
import type { Listing } from '../search/listing';

/** item/ids' largest answer (MAX_IDS in src/core/items/item.schema.ts). */
const IDS_PER_REQUEST = 100_000;

interface IdsAnswer {
  ids: string[];
  total: number;
}

export class ListingIds {
  /** True once `ids` holds the whole listing (as of the last load). */
  loaded = false;
  private listing: Listing | null = null;
  private ids: (string | undefined)[] = [];
  private version = 0;
  private loading: Promise<number | null> | null = null;

  constructor(private readonly api: ApiPort) {}

  /** A new listing: nothing known, any load under way for the old one is ignored when it answers. */
  reset(listing: Listing): void {
    this.listing = listing;
    this.ids = [];
    this.loaded = false;
    this.version += 1;
    this.loading = null;
  }

  /** The first page's ids, known before the whole listing's. */
  seed(ids: readonly string[]): void {
    if (this.loaded) return;
    ids.forEach((id, at) => (this.ids[at] = id));
  }

  /** The whole listing's ids, known another way (an AI listing's one page). */
  complete(ids: readonly string[]): void {
    this.version += 1;
    this.ids = [...ids];
    this.loaded = true;
    this.loading = Promise.resolve(this.ids.length);
  }

  at(index: number): string | undefined {
    return this.ids[index];
  }

  indexOf(id: string): number {
    return this.ids.indexOf(id);
  }

  /** Ids offset..offset+limit-1, waiting for the whole listing's ids when needed. */
  async slice(offset: number, limit: number): Promise<string[]> {
    await this.whenLoaded();
    return this.ids.slice(offset, offset + limit) as string[];
  }

  /** Resolves once every id of the current listing is here (loading them if nobody has asked yet). */
  async whenLoaded(): Promise<void> {
    while (!this.loaded) await this.load();
  }

  /**
   * Loads every id; `again` asks even when they are here or under way (a refresh). Answers the
   * listing's total, or null when a newer load or another listing overtook this one.
   */
  load(again = false): Promise<number | null> {
    if (!again && this.loaded) return Promise.resolve(this.ids.length);
    if (again || !this.loading) this.loading = this.fetchAll();
    return this.loading;
  }

  private async fetchAll(): Promise<number | null> {
    const version = ++this.version;
    const listing = this.listing;
    if (!listing) return null;
    try {
      const first = await this.api.post<IdsAnswer>('/item/ids', { ...listing.params, offset: 0, limit: IDS_PER_REQUEST });
      let ids = first.ids;
      while (ids.length < first.total) {
        const next = await this.api.post<IdsAnswer>('/item/ids', { ...listing.params, offset: ids.length, limit: IDS_PER_REQUEST });
        if (!next.ids.length) break;
        ids = ids.concat(next.ids);
      }
      if (version !== this.version) return null;
      this.ids = ids;
      this.loaded = true;
      return ids.length;
    } finally {
      // A failure can be asked again; a success is kept until the next reset or refresh.
      if (version === this.version) this.loading = null;
    }
  }
}
