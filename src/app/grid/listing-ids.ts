/**
 * The ids of one listing, in its order, a window at a time: a window is WINDOW ids read with one
 * item/ids request (offset + limit), and at most MAX_WINDOWS stay in the page (least recently used
 * go first). A jump anywhere is one window request; the page never holds a whole big listing.
 * The first page's ids (the head) stand in for window 0 until it comes. A range wider than a few
 * windows is read straight through in CHUNK-sized requests for its caller, not kept here.
 * See docs/decisions/grid-id-windows.md.
 */
import type { ApiPort } from '../state/api-port';
import type { Listing } from '../search/listing';

/** Ids per window: a screen at the smallest thumbnails is a few hundred cells; 16 KB of JSON. */
export const WINDOW = 1_000;
/** Windows kept: the screen, the way back and a few jumps; bounds the ids held (MAX_WINDOWS * WINDOW). */
export const MAX_WINDOWS = 24;
/** A wide range is read this many ids a request: about 330 KB of JSON, one short parse each. */
const CHUNK = 20_000;

interface IdsAnswer {
  ids: string[];
  total: number;
}

export class ListingIds {
  /** The listing's total as the last window answered it, -1 before any. */
  total = -1;
  private listing: Listing | null = null;
  /** An AI listing's ids: its one page is the whole listing. */
  private whole: string[] | null = null;
  private head: string[] = [];
  private readonly windows = new Map<number, string[]>();
  private readonly inflight = new Map<number, Promise<string[]>>();
  private version = 0;

  constructor(
    private readonly api: ApiPort,
    /** Told when a window came (cells there can show their items; the total may have moved). */
    private readonly onFill: () => void = () => {},
  ) {}

  /** A new listing: nothing known; answers under way for the old one are dropped when they come. */
  reset(listing: Listing): void {
    this.listing = listing;
    this.whole = null;
    this.total = -1;
    this.drop();
  }

  /** Forgets every id of the listing (a refresh: the order may have changed); the total stays until a window answers. */
  drop(): void {
    this.version += 1;
    this.head = [];
    this.windows.clear();
    this.inflight.clear();
  }

  /** The first page's ids, known before window 0. */
  seed(ids: readonly string[]): void {
    this.head = [...ids];
  }

  /** The whole listing's ids, known another way (an AI listing's one page). */
  complete(ids: readonly string[]): void {
    this.drop();
    this.whole = [...ids];
    this.total = ids.length;
  }

  /** The id at `index` when its window (or the head) is in the page; marks the window as used. */
  at(index: number): string | undefined {
    if (this.whole) return this.whole[index];
    const number = Math.floor(index / WINDOW);
    const window = this.windows.get(number);
    if (window) {
      this.windows.delete(number);
      this.windows.set(number, window);
      return window[index - number * WINDOW];
    }
    return this.head[index];
  }

  /** Where `id` is among the ids in the page, or -1 (item/position knows the rest). */
  indexOf(id: string): number {
    if (this.whole) return this.whole.indexOf(id);
    for (const [number, window] of this.windows) {
      const at = window.indexOf(id);
      if (at >= 0) return number * WINDOW + at;
    }
    return this.head.indexOf(id);
  }

  /** How many ids the page holds for this listing: bounded by MAX_WINDOWS * WINDOW (tests read it). */
  get held(): number {
    if (this.whole) return this.whole.length;
    let held = this.head.length;
    for (const window of this.windows.values()) held += window.length;
    return held;
  }

  /** Ids offset..offset+limit-1: from windows when it spans a few, else read straight through. */
  async slice(offset: number, limit: number): Promise<string[]> {
    if (!this.listing || limit <= 0) return [];
    if (this.whole) return this.whole.slice(offset, offset + limit);
    const first = Math.floor(offset / WINDOW);
    const last = Math.floor((offset + limit - 1) / WINDOW);
    if (last - first >= 4) return this.readThrough(offset, limit);
    const windows = await Promise.all(Array.from({ length: last - first + 1 }, (_, at) => this.window(first + at)));
    return windows.flat().slice(offset - first * WINDOW, offset - first * WINDOW + limit);
  }

  /** Window `number`'s ids: kept, under way, or asked for now. */
  window(number: number): Promise<string[]> {
    const kept = this.windows.get(number);
    if (kept) return Promise.resolve(kept);
    const asked = this.inflight.get(number);
    if (asked) return asked;
    const version = this.version;
    const request = this.ask(number * WINDOW, WINDOW).then((answer) => {
      if (version !== this.version) return answer.ids;
      this.inflight.delete(number);
      this.windows.set(number, answer.ids);
      while (this.windows.size > MAX_WINDOWS) this.windows.delete(this.windows.keys().next().value!);
      this.total = answer.total;
      this.onFill();
      return answer.ids;
    });
    // A failed window can be asked again.
    request.catch(() => version === this.version && this.inflight.delete(number));
    this.inflight.set(number, request);
    return request;
  }

  /** A wide stretch, CHUNK ids a request in parallel (the selection needs none: it is positions, ../selection/). */
  private async readThrough(offset: number, limit: number): Promise<string[]> {
    const offsets: number[] = [];
    for (let at = offset; at < offset + limit; at += CHUNK) offsets.push(at);
    const answers = await Promise.all(offsets.map((at) => this.ask(at, Math.min(CHUNK, offset + limit - at))));
    return answers.flatMap((answer) => answer.ids);
  }

  private ask(offset: number, limit: number): Promise<IdsAnswer> {
    return this.api.post('/item/ids', { ...this.listing!.params, offset, limit }) as Promise<IdsAnswer>;
  }
}
