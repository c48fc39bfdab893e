/**
 * The selection: a set of ids, an anchor (where a range starts) and the focused index of the grid.
 * Ranges and select-all follow the grid's order even through pages never loaded: they ask the
 * listing for the ids of that stretch (item/ids). Every change is mirrored to item/select, so
 * `isSelected` answers what the person sees; mirror writes are coalesced, the last one wins.
 */
import { Store } from '../state/store';

export interface RangeSource {
  readonly total: number;
  ids(offset: number, limit: number): Promise<string[]>;
}

export interface ClickModifiers {
  /** Ctrl or Cmd: add or remove one item. */
  toggle?: boolean;
  /** Shift: select from the anchor to here. */
  range?: boolean;
}

export class SelectionStore extends Store {
  selected: ReadonlySet<string> = new Set();
  anchor: number | null = null;
  /** The grid cell that holds the keyboard focus (roving tabindex). */
  focus = 0;
  private generation = 0;
  /** Bumped by every change of focus or selection the person makes: see `actions`. */
  private actionCount = 0;
  private mirroring: Promise<void> | null = null;
  private mirrorAgain = false;

  constructor(
    private readonly source: RangeSource,
    private readonly mirror: (ids: string[]) => Promise<unknown>,
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

  get count(): number {
    return this.selected.size;
  }

  has(id: string): boolean {
    return this.selected.has(id);
  }

  /** The one selected id, or null when none or several are selected. */
  get single(): string | null {
    return this.selected.size === 1 ? this.selected.values().next().value! : null;
  }

  async click(index: number, id: string, modifiers: ClickModifiers = {}): Promise<void> {
    this.actionCount += 1;
    this.focus = index;
    if (modifiers.range && this.anchor !== null) return this.rangeTo(index, modifiers.toggle ? this.selected : new Set());
    // A range or select-all still waiting for its ids is overtaken by this click.
    this.generation += 1;
    const next = modifiers.toggle ? new Set(this.selected) : new Set<string>();
    if (modifiers.toggle && next.has(id)) next.delete(id);
    else next.add(id);
    this.anchor = index;
    this.set(next);
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
  async extendTo(index: number, idAtAnchor?: string): Promise<void> {
    this.actionCount += 1;
    if (this.anchor === null) this.anchor = this.focus;
    this.focus = index;
    if (idAtAnchor && this.selected.size === 0) this.selected = new Set([idAtAnchor]);
    return this.rangeTo(index, new Set());
  }

  async selectAll(): Promise<void> {
    this.actionCount += 1;
    const generation = ++this.generation;
    try {
      const ids = await this.source.ids(0, this.source.total);
      if (generation === this.generation) this.set(new Set(ids));
    } catch (error) {
      this.onError(error);
    }
  }

  moveFocus(index: number): void {
    this.actionCount += 1;
    this.focus = index;
    this.changed();
  }

  clear(): void {
    this.actionCount += 1;
    this.generation += 1;
    this.anchor = null;
    this.set(new Set());
  }

  /** A new listing: nothing selected, focus on the first cell. */
  reset(): void {
    this.focus = 0;
    this.clear();
  }

  /** Drops ids that left the listing (trashed, say). */
  remove(ids: readonly string[]): void {
    const next = new Set(this.selected);
    for (const id of ids) next.delete(id);
    this.set(next);
  }

  private async rangeTo(index: number, base: ReadonlySet<string>): Promise<void> {
    const generation = ++this.generation;
    const from = Math.min(this.anchor!, index);
    const to = Math.max(this.anchor!, index);
    this.changed();
    try {
      const ids = await this.source.ids(from, to - from + 1);
      if (generation !== this.generation) return;
      this.set(new Set([...base, ...ids]));
    } catch (error) {
      this.onError(error);
    }
  }

  private set(next: Set<string>): void {
    const same = next.size === this.selected.size && [...next].every((id) => this.selected.has(id));
    this.selected = next;
    this.changed();
    // An unchanged selection is not written again: a view reset must not wipe what another client selected.
    if (!same) void this.mirrorNow();
  }

  /** One item/select at a time; changes made meanwhile go in one more write with the latest set. */
  private async mirrorNow(): Promise<void> {
    if (this.mirroring) {
      this.mirrorAgain = true;
      return;
    }
    this.mirroring = (async () => {
      do {
        this.mirrorAgain = false;
        try {
          await this.mirror([...this.selected]);
        } catch (error) {
          this.onError(error);
        }
      } while (this.mirrorAgain);
    })();
    await this.mirroring;
    this.mirroring = null;
  }

  /** Resolves once item/select holds the current selection (tests, and before reading isSelected). */
  async mirrored(): Promise<void> {
    while (this.mirroring) await this.mirroring;
  }
}
