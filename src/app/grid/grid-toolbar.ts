/**
 * Above the grid: the view's title and count, the sort menu (every orderBy, both ways, each key
 * starting in its natural direction; Random has Shuffle instead), the thumbnail-size slider and the filter chips. Sort and size are remembered.
 * In a folder with items selected, "Remove from folder" says `remove-from-folder` (as Alt+Delete does).
 */
import { html, nothing } from 'lit';
import type { AppStores } from '../shell/app-stores';
import { newSeed } from '../shell/app-stores';
import { SUBFOLDERS_NOT_COUNTED } from '../folders/folder-count';
import { viewTitle } from '../shell/view-title';
import { ORDER_FIELDS, type Filters, type OrderField } from '../search/view-state';
import { isAiListing } from '../ai/ai-listing';
import { StoreController } from '../state/store';
import { plural } from '../ui/format';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import { sliderToThumb, thumbToSlider } from './grid-geometry';
import '../search/filter-bar';

const SORT_LABELS: Record<OrderField, string> = {
  IMPORT: 'Date imported',
  MTIME: 'Date modified',
  NAME: 'Name',
  EXT: 'Type',
  FILESIZE: 'File size',
  RESOLUTION: 'Resolution',
  RATING: 'Rating',
};

/** Where each key starts when picked: names and types A→Z, dates newest first, sizes and ratings biggest first. */
const STARTS_DESCENDING: Record<OrderField, boolean> = {
  IMPORT: true,
  MTIME: true,
  NAME: false,
  EXT: false,
  FILESIZE: true,
  RESOLUTION: true,
  RATING: true,
};

export class GridToolbar extends LightElement {
  declare stores: AppStores;
  static override properties = { stores: { attribute: false } };

  constructor() {
    super();
    new StoreController(this, () => (this.stores ? [this.stores.view, this.stores.results, this.stores.sidebar, this.stores.prefs, this.stores.selection, this.stores.itemNames, this.stores.library] : []));
  }

  private setSort(field: OrderField, descending: boolean): void {
    const sort = { field, descending };
    this.stores.prefs.update({ sort });
    this.stores.view.set({ sort });
  }

  /** A newly picked key starts in its natural direction; the arrow button turns it round. */
  private pickSortField(field: OrderField): void {
    this.setSort(field, STARTS_DESCENDING[field]);
  }

  /** A folder view whose folder has subfolders: its total is of its own items only (say so). */
  private hasSubfolders(): boolean {
    const view = this.stores.view.state.view;
    if (view.kind !== 'folder' || this.stores.view.state.search) return false;
    const id = view.id;
    return this.stores.sidebar.flatFolders().some(({ folder }) => folder.id === id && folder.children.length > 0);
  }

  private removeFromFolder() {
    const { view, selection, library } = this.stores;
    if (library.readOnly || view.state.view.kind !== 'folder' || selection.count === 0) return nothing;
    return html`<button class="btn" title="Remove the selection from this folder (Alt+Delete); the items stay in the library"
      @click=${() => this.dispatchEvent(new CustomEvent('remove-from-folder', { bubbles: true }))}>Remove from folder</button>`;
  }

  override render() {
    const { view, prefs, results, sidebar } = this.stores;
    const state = view.state;
    const title = viewTitle(state.view, sidebar, this.stores.itemNames);
    // AI views are ranked best first by aiSearch, which takes no sort or filters.
    const ai = isAiListing(results.listing);
    const heading = state.search ? (ai ? `“${state.search}” by meaning` : `“${state.search}” in ${title}`) : title;
    return html`<div class="toolbar">
      <div class="toolbar-title">
        <span class="library-crumb">${this.stores.library.current?.name ?? ''}</span>
        <h1 class="view-title">${heading}</h1>
        <span class="view-count">${results.loading ? '' : plural(results.total, 'item')}</span>
        ${this.hasSubfolders() ? html`<span class="view-count-note">${SUBFOLDERS_NOT_COUNTED}</span>` : nothing}
      </div>
      <div class="toolbar-controls">
        ${this.removeFromFolder()}
        ${ai
          ? nothing
          : state.view.kind === 'random'
          ? html`<button class="btn" @click=${() => view.set({ seed: newSeed() })}>${icon('random', 16)}Shuffle</button>`
          : html`<label class="visually-hidden" for="sort-field">Sort by</label>
              <select id="sort-field" class="field" @change=${(e: Event) => this.pickSortField((e.target as HTMLSelectElement).value as OrderField)}>
                ${ORDER_FIELDS.map((field) => html`<option value=${field} ?selected=${field === state.sort.field}>${SORT_LABELS[field]}</option>`)}
              </select>
              <button class="btn icon" aria-label=${state.sort.descending ? 'Descending; switch to ascending' : 'Ascending; switch to descending'}
                @click=${() => this.setSort(state.sort.field, !state.sort.descending)}>${icon(state.sort.descending ? 'down' : 'up', 16)}</button>`}
        <label class="size-control">
          ${icon('image', 14)}
          <input type="range" min="0" max="100" .value=${String(thumbToSlider(prefs.prefs.thumbSize))} aria-label="Thumbnail size"
            @input=${(e: Event) => prefs.update({ thumbSize: sliderToThumb(Number((e.target as HTMLInputElement).value)) })} />
        </label>
      </div>
      ${ai ? nothing : html`<filter-bar .filters=${state.filters} .view=${state.view} .sidebar=${sidebar}
        @filters-changed=${(e: CustomEvent<Filters>) => view.set({ filters: e.detail })}></filter-bar>`}
    </div>`;
  }
}
customElements.define('grid-toolbar', GridToolbar);
