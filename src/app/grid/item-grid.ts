/**
 * The virtualised grid of thumbnails. Rows of fixed-size cells are virtualised by
 * @tanstack/virtual-core, so the DOM holds a few screens of cells whatever the item count; items
 * come a page at a time from the ResultStore. It is a `role=grid` with a roving tabindex: one cell
 * is tabbable, arrows move it (Shift extends the selection), and the grid tells the shell when
 * the person opens, previews, trashes or removes items from the folder shown (`remove-from-folder`).
 * Cells drag the selection onto sidebar folders (item-drag.ts).
 */
import type { MatchedItem } from '../ai/ai-listing';
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer } from '@tanstack/virtual-core';
import { html, nothing, type PropertyValues } from 'lit';
import type { Item } from '../api-types';
import type { SelectionStore } from '../selection/selection-store';
import { StoreController } from '../state/store';
import { versionedThumbnail } from '../ui/thumbnail-versions';
import { formatBytes } from '../ui/format';
import { LightElement } from '../ui/light-element';
import { cellPictureUrl } from './cell-picture';
import { gridGeometry, type GridGeometry } from './grid-geometry';
import { moveIndex, moveOfKey } from './grid-navigation';
import { dragSelection } from './item-drag';
import type { ResultStore } from './result-store';
import './grid.css';

export interface GridItemEvent {
  index: number;
  id: string;
}

/** Room for the focus ring at the grid's top and bottom edges. */
const RING_ROOM = 6;

export class ItemGrid extends LightElement {
  declare results: ResultStore;
  declare selection: SelectionStore;
  declare thumbSize: number;
  declare emptyText: string;
  /** Thumbnails even in cells larger than one: a published library's originals come over the network. */
  declare thumbnailsOnly: boolean;
  static override properties = {
    results: { attribute: false },
    selection: { attribute: false },
    thumbSize: { type: Number },
    emptyText: { attribute: false },
    thumbnailsOnly: { type: Boolean },
  };

  private width = 0;
  private geometry: GridGeometry = { columns: 1, rows: 0, cellWidth: 0, rowHeight: 1 };
  private readonly virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>;
  private cleanup?: () => void;
  private resizeObserver?: ResizeObserver;
  /** The index to focus once its cell is rendered (after a keyboard move). */
  private focusAfterRender: number | null = null;

  constructor() {
    super();
    this.thumbSize = 160;
    this.emptyText = '';
    this.thumbnailsOnly = false;
    new StoreController(this, () => [this.results, this.selection].filter(Boolean));
    this.virtualizer = new Virtualizer<HTMLDivElement, HTMLDivElement>({
      count: 0,
      getScrollElement: () => this.scroller,
      estimateSize: () => this.geometry.rowHeight,
      observeElementRect,
      observeElementOffset,
      scrollToFn: elementScroll,
      overscan: 2,
      // Room above the first row and below the last, also when a row is scrolled to, so a focused
      // cell's ring (3 px, 2 px off the thumbnail: grid.css) is not cut by the scroll box.
      paddingStart: RING_ROOM,
      paddingEnd: RING_ROOM,
      scrollPaddingStart: RING_ROOM,
      scrollPaddingEnd: RING_ROOM,
      onChange: () => this.requestUpdate(),
    });
  }

  get scroller(): HTMLDivElement | null {
    return this.querySelector('.grid-scroller');
  }

  /** The visible index range (first and last rendered cell), for the shell and the thumbnail watcher. */
  visibleRange(): { start: number; end: number } {
    const rows = this.virtualizer.getVirtualItems();
    if (!rows.length) return { start: 0, end: -1 };
    const columns = this.geometry.columns;
    return { start: rows[0]!.index * columns, end: Math.min(this.results.total, (rows.at(-1)!.index + 1) * columns) - 1 };
  }

  /** Scrolls so the item at `index` shows and gives its cell the focus. */
  focusIndex(index: number, options: { focus?: boolean } = {}): void {
    if (index < 0 || index >= this.results.total) return;
    this.virtualizer.scrollToIndex(Math.floor(index / this.geometry.columns), { align: 'auto' });
    if (options.focus !== false) this.focusAfterRender = index;
    this.requestUpdate();
  }

  /** Back to the top (a new listing). */
  scrollToTop(): void {
    this.virtualizer.scrollToOffset(0);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.cleanup = this.virtualizer._didMount();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.cleanup?.();
    this.resizeObserver?.disconnect();
  }

  protected override firstUpdated(): void {
    this.resizeObserver = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width ?? 0;
      if (Math.abs(width - this.width) >= 1) {
        this.width = width;
        this.requestUpdate();
      }
    });
    this.resizeObserver.observe(this.scroller!);
    this.width = this.scroller!.clientWidth;
  }

  protected override willUpdate(): void {
    if (!this.results) return;
    const next = gridGeometry(this.width || 800, this.thumbSize, this.results.total);
    const resized = next.rowHeight !== this.geometry.rowHeight || next.columns !== this.geometry.columns;
    this.geometry = next;
    this.virtualizer.setOptions({ ...this.virtualizer.options, count: next.rows });
    if (resized) this.virtualizer.measure();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.virtualizer._willUpdate();
    const { start, end } = this.visibleRange();
    if (end >= start) void this.results.ensure(start, end);
    if (this.focusAfterRender !== null) {
      const cell = this.querySelector<HTMLElement>(`[data-index="${this.focusAfterRender}"]`);
      if (cell) {
        cell.focus({ preventScroll: true });
        this.focusAfterRender = null;
      }
    }
  }

  private emit(type: 'open-item' | 'preview-item', index: number): void {
    const item = this.results.itemAt(index);
    if (item) this.dispatchEvent(new CustomEvent<GridItemEvent>(type, { detail: { index, id: item.id }, bubbles: true }));
  }

  private onClick(event: MouseEvent): void {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!cell) {
      if ((event.target as HTMLElement).closest('.grid-canvas, .grid-scroller')) this.selection.clear();
      return;
    }
    const index = Number(cell.dataset.index);
    const id = cell.dataset.id;
    if (!id) return;
    void this.selection.click(index, id, { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey });
  }

  /**
   * Right click on a cell (selecting it first when it is not selected) asks for the view's item
   * menu with a cancelable `item-menu` {x, y}; the browser's own menu shows when no view has one.
   */
  private async onContextMenu(event: MouseEvent): Promise<void> {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const id = cell?.dataset.id;
    if (!cell || !id) return;
    const asked = this.askMenu(event.clientX, event.clientY, cell);
    if (!asked) return;
    event.preventDefault();
    if (!this.selection.has(Number(cell.dataset.index), id)) await this.selection.click(Number(cell.dataset.index), id);
  }

  private askMenu(x: number, y: number, cell: HTMLElement): boolean {
    return !this.dispatchEvent(new CustomEvent('item-menu', { detail: { x, y, cell }, bubbles: true, cancelable: true }));
  }

  private onDoubleClick(event: MouseEvent): void {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (cell) this.emit('open-item', Number(cell.dataset.index));
  }

  private async onKeyDown(event: KeyboardEvent): Promise<void> {
    const total = this.results.total;
    if (total === 0) return;
    const focus = Math.min(this.selection.focus, total - 1);
    const move = moveOfKey(event.key);
    if (move) {
      event.preventDefault();
      const pageRows = Math.max(1, Math.floor((this.scroller?.clientHeight ?? 0) / this.geometry.rowHeight));
      const to = moveIndex(focus, move, total, this.geometry.columns, pageRows);
      this.focusIndex(to);
      if (event.shiftKey) return this.selection.extendTo(to);
      if (event.ctrlKey || event.metaKey) return this.selection.moveFocus(to);
      return this.selection.moveTo(to, this.results.idAt(to) ?? this.results.itemAtLoaded(to).then((item) => item?.id));
    }
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      const cell = this.querySelector<HTMLElement>(`[data-index="${focus}"]`);
      const box = cell?.getBoundingClientRect();
      if (!cell || !box || !this.askMenu(box.left + 16, box.bottom - 16, cell)) return;
      event.preventDefault(); // no contextmenu event follows, so the menu is not asked twice
      await this.selectFocusedIfNone(focus);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.emit('open-item', focus);
    } else if (event.key === ' ') {
      event.preventDefault();
      const item = this.results.itemAt(focus);
      if ((event.ctrlKey || event.metaKey) && item) void this.selection.click(focus, item.id, { toggle: true });
      else this.emit('preview-item', focus);
    } else if (/^[0-5]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      await this.selectFocusedIfNone(focus);
      this.dispatchEvent(new CustomEvent<number>('rate-selection', { detail: Number(event.key), bubbles: true }));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      // Alt: out of the folder being viewed (not to the trash).
      if (event.altKey) {
        await this.selectFocusedIfNone(focus);
        this.dispatchEvent(new CustomEvent('remove-from-folder', { bubbles: true }));
      } else {
        // The shell takes Deletes in turn, each on what is selected, or focused, by then: a person culling
        // presses Delete item after item, faster than a trash ends.
        this.dispatchEvent(new CustomEvent('trash-selection', { bubbles: true }));
      }
    }
  }

  /** Keys that act on the selection act on the focused item when nothing is selected. */
  async selectFocusedIfNone(focus = Math.min(this.selection.focus, this.results.total - 1)): Promise<void> {
    if (this.selection.count > 0) return;
    const item = this.results.itemAt(focus);
    if (item) await this.selection.click(focus, item.id);
  }

  /** When Tab lands on the grid itself (its focused cell is scrolled away), bring that cell back. */
  private onScrollerFocus(event: FocusEvent): void {
    if (event.target === this.scroller) this.focusIndex(Math.min(this.selection.focus, this.results.total - 1));
  }

  private cell(index: number, column: number, item: Item | undefined) {
    // The id comes with the listing's ids, before the item's details: the cell is that item at once.
    const id = item?.id ?? this.results.idAt(index);
    // Selected by its position (a range) or its id (added or removed by hand): no list of ids needed.
    const selected = this.selection.has(index, id);
    const focused = index === this.selection.focus;
    const { cellWidth } = this.geometry;
    return html`<div
      role="gridcell"
      class="cell"
      data-index=${index}
      data-id=${id ?? nothing}
      aria-colindex=${column + 1}
      aria-selected=${selected ? 'true' : 'false'}
      aria-busy=${item ? nothing : 'true'}
      tabindex=${focused ? 0 : -1}
      draggable=${item ? 'true' : 'false'}
      style="width:${cellWidth}px"
    >
      <div class="thumb" style="height:${cellWidth}px">
        ${item
          ? item.thumbnailReady === false
            ? html`<div class="thumb-pending" role="img" aria-label="${item.name} (thumbnail being made)"><span>${item.ext.toUpperCase()}</span></div>`
            : html`<img src=${versionedThumbnail(cellPictureUrl(item, cellWidth * devicePixelRatio, { thumbnailsOnly: this.thumbnailsOnly }), item.id)} alt=${item.name} loading="lazy" decoding="async" draggable="false" />`
          : html`<div class="thumb-loading"></div>`}
        ${item ? matchBadge(item) : nothing}
        ${item ? html`<span class="cell-meta" aria-hidden="true">${item.ext.toUpperCase()} · ${formatBytes(item.size)}</span>` : nothing}
      </div>
      <div class="cell-name" aria-hidden="true">${item?.name ?? ''}</div>
    </div>`;
  }

  override render() {
    if (!this.results) return nothing;
    const total = this.results.total;
    const { columns, rows, rowHeight } = this.geometry;
    const focusRendered = this.virtualizer.getVirtualItems().some((row) => Math.floor(this.selection.focus / columns) === row.index);
    // An empty grid is no grid (a grid needs rows): just the scroller and its message.
    const grid = total > 0;
    return html`<div
      class="grid-scroller"
      role=${grid ? 'grid' : nothing}
      aria-label=${grid ? 'Items' : nothing}
      aria-multiselectable=${grid ? 'true' : nothing}
      aria-rowcount=${grid ? rows : nothing}
      aria-colcount=${grid ? columns : nothing}
      data-ids-held=${this.results.idsHeld + this.selection.idsHeld}
      tabindex=${focusRendered || !grid ? -1 : 0}
      @click=${this.onClick}
      @dblclick=${this.onDoubleClick}
      @contextmenu=${this.onContextMenu}
      @keydown=${this.onKeyDown}
      @focus=${this.onScrollerFocus}
      @dragstart=${(e: DragEvent) => dragSelection(e, this.selection)}
    >
      <div class="grid-canvas" role=${grid ? 'rowgroup' : nothing} style="height:${this.virtualizer.getTotalSize()}px">
        ${this.virtualizer.getVirtualItems().map((row) => {
          const first = row.index * columns;
          const cells = [];
          for (let column = 0; column < columns && first + column < total; column++) cells.push(this.cell(first + column, column, this.results.itemAt(first + column)));
          return html`<div role="row" class="grid-row" aria-rowindex=${row.index + 1} style="transform:translateY(${row.start}px);height:${rowHeight}px">${cells}</div>`;
        })}
      </div>
      ${total === 0 && !this.results.loading && this.emptyText ? html`<p class="grid-empty">${this.emptyText}</p>` : nothing}
    </div>`;
  }
}
customElements.define('item-grid', ItemGrid);

/** In an AI view: which signals matched and how well ("visual · 97%"), so a result says why it is there. */
function matchBadge(item: MatchedItem) {
  const { match } = item;
  if (!match) return nothing;
  const why = match.nearDuplicate ? 'near-duplicate' : match.signals.join(' + ');
  return html`<span class="cell-signals" data-signals=${match.signals.join(' ')} title="Matched: ${why}, score ${match.score}">${why} · ${Math.round(match.score * 100)}%</span>`;
}
