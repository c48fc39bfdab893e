/**
 * The selection, as a description of the grid's listing, not a set of ids: ranges of positions
 * (shift-clicks, Shift+arrows, select-all), ids added by hand outside them and removed by hand inside
 * them (Ctrl/Cmd toggles), each with the position it was clicked at. So select-all of a million items
 * is one range, the count is arithmetic and a cell is selected by its position or its id. Every change
 * is mirrored to item/select as that description; the worker resolves it into ids once, and bulk
 * actions page through those (selection-ids.ts). Mirror writes are coalesced, the last one wins.
 * An anchor (where a range starts: an item, found again wherever the listing puts it) and the
 * focused index of the grid live here too.
 * See docs/decisions/grid-id-windows.md.
 */
import { Store } from '../state/store';
import { addRange, inRanges, rangeSize, type Range } from './ranges';

export interface RangeSource {
  readonly total: number;
  /** The listing's item/ids input, or null when the page holds its whole listing (an AI listing's one page). */
  readonly listingParams: Record<string, unknown> | null;
  /** The id at a position when the page holds it (its window is in), else undefined. */
  idAt(index: number): string | undefined;
  /** The position of an id the page holds, else -1 (not in the listing, or its window is not in yet). */
  indexOfLoaded(id: string): number;
  /** Resolves once a re-read of the listing's ids under way (they are dropped meanwhile) has come. */
  orderSettled(): Promise<void>;
  /** Ids of a stretch of the listing (only for a listing the page holds whole). */
  ids(offset: number, limit: number): Promise<string[]>;
}

export interface ClickModifiers {
  /** Ctrl or Cmd: add or remove one item. */
  toggle?: boolean;
  /** Shift: select from the anchor to here. */
  range?: boolean;
}

/** What item/select is sent: ids for a selection made of clicks, else the description. */
export type SelectBody = { ids: string[] } | { listing: Record<string, unknown>; ranges: Range[]; added: string[]; removed: string[] };

export class SelectionStore extends Store {
  /** Position ranges, sorted and apart (./ranges.ts). */
  ranges: readonly Range[] = [];
  /** Selected by hand outside the ranges: id → its position when clicked. */
  added: ReadonlyMap<string, number> = new Map();
  /** Taken out by hand inside the ranges: id → its position when clicked. */
  removed: ReadonlyMap<string, number> = new Map();
  /** Where a range starts: the anchor item's position when last known (see anchorAt). */
  anchor: number | null = null;
  private anchorId: string | undefined;
  /** The grid cell that holds the keyboard focus (roving tabindex). */
  focus = 0;
  /** Bumped by every change of what is selected (panels compare it to know when to read again). */
  version = 0;
  /** Bumped by every change of focus or selection the person makes: see `actions`. */
  private actionCount = 0;
  private mirroring: Promise<void> | null = null;
  private mirrorAgain = false;
  /** The last body item/select took; nothing selected at first, so a view reset sends nothing. */
  private lastSent = JSON.stringify({ ids: [] });

  constructor(
    private readonly source: RangeSource,
    private readonly mirror: (body: SelectBody) => Promise<unknown>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super();
  }

  /**
   * Counts the person's changes of focus or selection. Work that awaits something (a key move waiting
   * for its id, a trash waiting for its writes) compares it before and after, so a late answer does
   * not undo what the person did meanwhile.
   */
  get actions(): number {
    return this.actionCount;
  }

  /** Range sizes, less those removed from them, plus those added outside them. */
  get count(): number {
    return this.ranges.reduce((sum, range) => sum + rangeSize(range), 0) - this.removed.size + this.added.size;
  }

  /** Whether the item at `index` (-1: position unknown) with this id is selected. */
  has(index: number, id: string | undefined): boolean {
    if (id !== undefined && this.removed.has(id)) return false;
    if (id !== undefined && this.added.has(id)) return true;
    return index >= 0 && inRanges(this.ranges, index);
  }

  /** The one selected id, or null when none or several are selected (or its id is not in the page). */
  get single(): string | null {
    if (this.count !== 1) return null;
    if (this.added.size === 1) return this.added.keys().next().value!;
    // The one position of the ranges not taken out by hand (a Ctrl-click may have taken the first).
    const out = new Set(this.removed.values());
    for (const { from, to } of this.ranges) {
      for (let at = from; at <= to; at++) if (!out.has(at)) return this.source.idAt(at) ?? null;
    }
    return null;
  }

  /** The selected ids when the selection is made of clicks alone (no range), else null: ask the worker. */
  get explicitIds(): string[] | null {
    return this.ranges.length ? null : [...this.added.keys()];
  }

  /** The ids of the selection's ranges that the page holds (tests read it: a bounded number). */
  get idsHeld(): number {
    return this.added.size + this.removed.size;
  }

  async click(index: number, id: string, modifiers: ClickModifiers = {}): Promise<void> {
    const action = ++this.actionCount;
    this.focus = index;
    if (modifiers.range && this.anchorBeingRead()) {
      await this.source.orderSettled();
      if (action !== this.actionCount) return;
    }
    if (modifiers.range && this.anchorAt() !== null) return this.rangeTo(index, modifiers.toggle === true);
    this.anchorId = id;
    if (modifiers.toggle) {
      const added = new Map(this.added);
      const removed = new Map(this.removed);
      if (this.has(index, id)) {
        if (!added.delete(id)) removed.set(id, index);
      } else if (!removed.delete(id)) added.set(id, index);
      this.anchor = index;
      return this.set(this.ranges, added, removed);
    }
    this.anchor = index;
    this.set([], new Map([[id, index]]), new Map());
  }

  /**
   * An arrow key (or Home, End, PageDown...): the focus moves at once, and the item there is selected
   * alone once its id is known (its page may still be loading). If the person has moved on meanwhile
   * (End, then Home before the last page came), the late answer selects nothing.
   */
  async moveTo(index: number, id: string | undefined | Promise<string | undefined>): Promise<void> {
    const move = ++this.actionCount;
    this.focus = index;
    this.changed();
    const known = await id;
    if (known !== undefined && move === this.actionCount) await this.click(index, known);
  }

  /** Shift+arrow: the range from the anchor to the newly focused index. */
  async extendTo(index: number): Promise<void> {
    const action = ++this.actionCount;
    if (this.anchorBeingRead()) {
      await this.source.orderSettled();
      if (action !== this.actionCount) return;
    }
    if (this.anchorAt() === null) [this.anchor, this.anchorId] = [this.focus, this.source.idAt(this.focus)];
    this.focus = index;
    return this.rangeTo(index, false);
  }

  async selectAll(): Promise<void> {
    this.actionCount += 1;
    const total = this.source.total;
    this.set(total > 0 ? [{ from: 0, to: total - 1 }] : [], new Map(), new Map());
  }

  moveFocus(index: number): void {
    this.actionCount += 1;
    this.focus = index;
    this.changed();
  }

  /**
   * The focus follows its item to a new position (items came or went above it); a range's anchor
   * moves with it. Not the person's action: work awaiting one goes on.
   */
  refocus(index: number): void {
    if (this.anchor !== null) this.anchor = Math.max(0, this.anchor + index - this.focus);
    this.focus = index;
    this.changed();
  }

  clear(): void {
    this.actionCount += 1;
    [this.anchor, this.anchorId] = [null, undefined];
    this.set([], new Map(), new Map());
  }

  /** A new listing: nothing selected, focus on the first cell. */
  reset(): void {
    this.focus = 0;
    this.clear();
  }

  /**
   * The selection as these ids, wherever the listing puts them now (after an edit moved selected
   * items, positions would name others). Not the person's action: work awaiting one goes on.
   */
  follow(ids: readonly string[], indexOf: (id: string) => number): void {
    // The anchor item keeps its id (anchorAt finds it when it is next needed, after a refresh that
    // is reading the order now); its last position is dropped, being another item's now.
    this.anchor = null;
    this.set([], new Map(ids.map((id) => [id, indexOf(id)])), new Map());
  }

  /** Drops ids that left the listing (trashed, say): those added by hand, and those of ranges at a known position. */
  remove(ids: readonly string[], indexOf: (id: string) => number = () => -1): void {
    const added = new Map(this.added);
    const removed = new Map(this.removed);
    for (const id of ids) {
      if (added.delete(id)) continue;
      const at = indexOf(id);
      if (at >= 0 && inRanges(this.ranges, at)) removed.set(id, at);
    }
    this.set(this.ranges, added, removed);
  }

  /**
   * True when the anchor is an item whose position is not known now: after a follow, while a
   * re-read of the listing (a live refresh) has dropped its ids. A range then waits for them
   * (orderSettled), and is dropped if the person did something else meanwhile.
   */
  private anchorBeingRead(): boolean {
    return this.anchor === null && this.anchorId !== undefined && this.source.indexOfLoaded(this.anchorId) < 0;
  }

  /**
   * Where a range starts now: its item's position when the page holds it (an edit or a live insert
   * may have moved it), else the position it was last seen at; null when there is none.
   */
  private anchorAt(): number | null {
    const at = this.anchorId === undefined ? -1 : this.source.indexOfLoaded(this.anchorId);
    return at >= 0 ? (this.anchor = at) : this.anchor;
  }

  private rangeTo(index: number, keep: boolean): void {
    const anchor = this.anchorAt()!;
    const range = { from: Math.min(anchor, index), to: Math.max(anchor, index) };
    if (!keep) return this.set([range], new Map(), new Map());
    // Those in the new range are covered by it now: neither added nor removed any more. A position
    // not known when noted (a follow while the order was being read again) is looked up now.
    const now = (id: string, at: number) => (at >= 0 ? at : this.source.indexOfLoaded(id));
    const outside = (map: ReadonlyMap<string, number>) =>
      new Map([...map].filter(([id, at]) => {
        const position = now(id, at);
        return position < range.from || position > range.to;
      }));
    this.set(addRange(this.ranges, range), outside(this.added), outside(this.removed));
  }

  private set(ranges: readonly Range[], added: ReadonlyMap<string, number>, removed: ReadonlyMap<string, number>): void {
    this.ranges = ranges;
    this.added = added;
    this.removed = removed;
    this.version += 1;
    this.changed();
    void this.mirrorNow();
  }

  /** What item/select is sent for the selection now. */
  async body(): Promise<SelectBody> {
    const added = [...this.added.keys()];
    if (!this.ranges.length) return { ids: added };
    const listing = this.source.listingParams;
    if (listing) return { listing, ranges: [...this.ranges], added, removed: [...this.removed.keys()] };
    // A listing the page holds whole (an AI page) is resolved here: it is one page of ids.
    const ids = new Set<string>();
    for (const range of this.ranges) for (const id of await this.source.ids(range.from, rangeSize(range))) if (!this.removed.has(id)) ids.add(id);
    for (const id of added) ids.add(id);
    return { ids: [...ids] };
  }

  /** One item/select at a time; changes made meanwhile go in one more write with the latest description. */
  private mirrorNow(): Promise<void> {
    if (this.mirroring) {
      this.mirrorAgain = true;
      return this.mirroring;
    }
    this.mirroring = (async () => {
      do {
        this.mirrorAgain = false;
        try {
          const body = await this.body();
          const sent = JSON.stringify(body);
          // An unchanged selection is not written again: a view reset must not wipe what another client selected.
          if (sent !== this.lastSent) {
            await this.mirror(body);
            this.lastSent = sent;
          }
        } catch (error) {
          this.onError(error);
        }
      } while (this.mirrorAgain);
      // In the same step as the last check: a change arriving now starts a new write.
      this.mirroring = null;
    })();
    return this.mirroring;
  }

  /** Resolves once item/select holds the current selection (bulk actions, and before reading isSelected). */
  async mirrored(): Promise<void> {
    while (this.mirroring) await this.mirroring;
  }
}
