/**
 * Every id of one listing, in its order, held in the page (asked for IDS_PER_REQUEST at a time, in
 * parallel). 100,000 ids are about 1.6 MB of JSON, read once per listing; from then on a cell at any
 * depth knows its item without asking, and a range is a slice. Until they come, the first page's
 * ids (and, on a first load, each answer as it arrives) stand in.
 */
import type { ApiPort } from '../state/api-port';
import type { Listing } from '../search/listing';

/**
 * Ids asked for per request. item/ids answers up to 100,000 at once, but parsing 1.6 MB of JSON
 * is one long task on the page's thread; 20,000 (about 330 KB) each keeps every task short.
 */
const IDS_PER_REQUEST = 20_000;

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
  /** The listing's total as a first load's first answer gave it (-1 before): bounds knownStretch. */
  private fillTotal = -1;
  /** Settles at the next fill of a first load (then replaced). */
  private nextFill!: Promise<void>;
  private wakeFill!: () => void;

  constructor(
    private readonly api: ApiPort,
    /** Told when a first load filled in a stretch of ids (cells there can show their items). */
    private readonly onFill: () => void = () => {},
  ) {
    this.armFill();
  }

  /** A new listing: nothing known, any load under way for the old one is ignored when it answers. */
  reset(listing: Listing): void {
    this.listing = listing;
    this.ids = [];
    this.loaded = false;
    this.version += 1;
    this.loading = null;
    this.fillTotal = -1;
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

  /**
   * Ids offset..offset+limit-1: as soon as a first load has filled in that stretch (a jump deep
   * into the listing need not wait for the rest), else once every id is here.
   */
  async slice(offset: number, limit: number): Promise<string[]> {
    while (!this.loaded && this.listing) {
      const known = this.knownStretch(offset, limit);
      if (known) return known;
      if (!this.loading) void this.load().catch(() => {});
      await Promise.race([this.loading, this.nextFill]);
    }
    return this.ids.slice(offset, offset + limit) as string[];
  }

  /** The stretch when a first load has filled in every id of it, else null. */
  private knownStretch(offset: number, limit: number): string[] | null {
    if (this.fillTotal < 0) return null;
    const stretch: string[] = [];
    // A loop, not every(): the array has holes where no answer came yet, and every() skips holes.
    for (let index = offset; index < Math.min(offset + limit, this.fillTotal); index++) {
      const id = this.ids[index];
      if (id === undefined) return null;
      stretch.push(id);
    }
    return stretch;
  }

  /** Resolves once every id of the current listing is here (loading them if nobody has asked yet); at once with no listing. */
  async whenLoaded(): Promise<void> {
    while (!this.loaded && this.listing) await this.load();
  }

  /**
   * Loads every id; `again` asks even when they are here or under way (a refresh). Answers the
   * listing's total, or null when a newer load or another listing overtook this one.
   */
  load(again = false): Promise<number | null> {
    if (!this.listing) return Promise.resolve(null);
    if (!again && this.loaded) return Promise.resolve(this.ids.length);
    if (again && !this.loaded) {
      // A refresh during the first load: answers of the old ordering must not mix with the new one's.
      this.ids = [];
      this.fillTotal = -1;
    }
    if (again || !this.loading) this.loading = this.fetchAll();
    return this.loading;
  }

  /** Wakes slices waiting for a stretch, and tells the owner. */
  private filled(): void {
    this.wakeFill();
    this.armFill();
    this.onFill();
  }

  private armFill(): void {
    this.nextFill = new Promise((resolve) => (this.wakeFill = resolve));
  }

  private async fetchAll(): Promise<number | null> {
    const version = ++this.version;
    const listing = this.listing!;
    // A first load fills the ids in as each answer comes, so the top of a big listing is known sooner.
    const progressive = !this.loaded;
    try {
      const ask = (offset: number) => this.api.post('/item/ids', { ...listing.params, offset, limit: IDS_PER_REQUEST });
      const fill = (offset: number, answer: IdsAnswer) => {
        if (progressive && version === this.version) {
          answer.ids.forEach((id, at) => (this.ids[offset + at] = id));
          this.fillTotal = answer.total;
          this.filled();
        }
        return answer.ids;
      };
      const first = await ask(0);
      if (version !== this.version) return null;
      const head = fill(0, first);
      // The rest in parallel: each answer is parsed on its own, so no one task holds the page long.
      const offsets: number[] = [];
      for (let offset = first.ids.length; first.ids.length && offset < first.total; offset += IDS_PER_REQUEST) offsets.push(offset);
      const rest = await Promise.all(offsets.map(async (offset) => fill(offset, await ask(offset))));
      if (version !== this.version) return null;
      const ids = head.concat(...rest);
      this.ids = ids;
      this.loaded = true;
      return ids.length;
    } finally {
      // A failure can be asked again; a success is kept until the next reset or refresh.
      if (version === this.version) this.loading = null;
    }
  }
}
