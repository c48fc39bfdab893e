/**
 * Filter chips under the header. Each chip is one item/get filter: tags (all of), folders (any of),
 * type (ext), rating, shape, colour. "Add filter" opens a small form; a chip's × removes it.
 */
import { html, nothing } from 'lit';
import type { SidebarStore } from '../sidebar/sidebar-store';
import { StoreController } from '../state/store';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import { colourName, SWATCHES } from './colour-swatches';
import { SHAPES, type Filters, type Shape, type View } from './view-state';

const SHAPE_LABELS: Record<Shape, string> = {
  square: 'Square',
  portrait: 'Portrait',
  'panoramic-portrait': 'Tall panorama',
  landscape: 'Landscape',
  'panoramic-landscape': 'Wide panorama',
};
const COMMON_EXTS = ['jpg', 'png', 'gif', 'webp', 'svg', 'mp4', 'webm', 'mp3', 'pdf', 'url'];

export class FilterBar extends LightElement {
  declare filters: Filters;
  declare view: View;
  declare sidebar: SidebarStore;
  static override properties = { filters: { attribute: false }, view: { attribute: false }, sidebar: { attribute: false } };

  constructor() {
    super();
    this.filters = { tags: [], folders: [] };
    this.view = { kind: 'all' };
    new StoreController(this, () => (this.sidebar ? [this.sidebar] : []));
  }

  private change(filters: Filters): void {
    this.dispatchEvent(new CustomEvent<Filters>('filters-changed', { detail: filters, bubbles: true }));
  }

  private add(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const next: Filters = { ...this.filters, tags: [...this.filters.tags], folders: [...this.filters.folders] };
    const tag = String(data.get('tag') ?? '').trim();
    if (tag && !next.tags.includes(tag)) next.tags.push(tag);
    const folder = String(data.get('folder') ?? '');
    if (folder && !next.folders.includes(folder)) next.folders.push(folder);
    const ext = String(data.get('ext') ?? '').trim().replace(/^\./, '').toLowerCase();
    if (ext) next.ext = ext;
    const rating = String(data.get('rating') ?? '');
    if (rating !== '') next.rating = Number(rating);
    const shape = String(data.get('shape') ?? '');
    if (shape) next.shape = shape as Shape;
    const color = String(data.get('color') ?? '');
    if (color) next.color = color;
    form.reset();
    this.querySelector<HTMLElement>('#filter-menu')?.hidePopover();
    this.change(next);
  }

  private chip(label: string, remove: () => void, swatch?: string) {
    return html`<li class="chip">
      ${swatch ? html`<span class="chip-swatch" style="background:${swatch}" aria-hidden="true"></span>` : nothing}
      <span>${label}</span>
      <button class="chip-remove" aria-label="Remove filter ${label}" @click=${remove}>${icon('close', 14)}</button>
    </li>`;
  }

  override render() {
    const f = this.filters;
    const without = (change: Partial<Filters>) => () => this.change({ ...f, ...change });
    const folderView = this.view.kind === 'folder';
    return html`<div class="filter-bar">
      <button class="btn add-filter" popovertarget="filter-menu">${icon('filter', 16)}Add filter</button>
      <ul class="chips" aria-label="Active filters">
        ${f.tags.map((tag) => this.chip(`Tag: ${tag}`, without({ tags: f.tags.filter((t) => t !== tag) })))}
        ${folderView ? nothing : f.folders.map((id) => this.chip(`Folder: ${this.sidebar?.folderName(id) ?? id}`, without({ folders: f.folders.filter((x) => x !== id) })))}
        ${f.ext ? this.chip(`Type: ${f.ext.toUpperCase()}`, without({ ext: undefined })) : nothing}
        ${f.rating !== undefined ? this.chip(`Rating: ${f.rating === 0 ? 'unrated' : '★'.repeat(f.rating)}`, without({ rating: undefined })) : nothing}
        ${f.shape ? this.chip(`Shape: ${SHAPE_LABELS[f.shape]}`, without({ shape: undefined })) : nothing}
        ${f.color ? this.chip(`Colour: ${colourName(f.color)}`, without({ color: undefined }), f.color) : nothing}
      </ul>
      <form id="filter-menu" popover class="filter-menu" @submit=${this.add} aria-label="Add filter">
        <label>Tag (items with all chosen tags)
          <input name="tag" class="field" list="filter-tag-options" autocomplete="off" />
        </label>
        <datalist id="filter-tag-options">${(this.sidebar?.tags ?? []).slice(0, 300).map((tag) => html`<option value=${tag.name}></option>`)}</datalist>
        ${folderView
          ? nothing
          : html`<label>Folder (items in any chosen folder)
              <select name="folder" class="field">
                <option value="">—</option>
                ${(this.sidebar?.flatFolders() ?? []).map(({ folder, depth }) => html`<option value=${folder.id}>${'\u00a0\u00a0'.repeat(depth)}${folder.name}</option>`)}
              </select>
            </label>`}
        <label>Type (file extension)
          <input name="ext" class="field" list="filter-ext-options" autocomplete="off" />
        </label>
        <datalist id="filter-ext-options">${COMMON_EXTS.map((ext) => html`<option value=${ext}></option>`)}</datalist>
        <label>Rating
          <select name="rating" class="field">
            <option value="">—</option>
            ${[5, 4, 3, 2, 1].map((n) => html`<option value=${n}>${'★'.repeat(n)}</option>`)}
            <option value="0">Unrated</option>
          </select>
        </label>
        <label>Shape
          <select name="shape" class="field">
            <option value="">—</option>
            ${SHAPES.map((shape) => html`<option value=${shape}>${SHAPE_LABELS[shape]}</option>`)}
          </select>
        </label>
        <fieldset class="colour-swatches">
          <legend>Colour (in the item's palette)</legend>
          ${SWATCHES.map(({ name, hex }) => html`<label class="swatch" title=${name}>
            <input type="radio" name="color" value=${hex} aria-label=${name} />
            <span style="background:${hex}" aria-hidden="true"></span>
          </label>`)}
        </fieldset>
        <div class="row"><button class="btn primary" type="submit">Apply</button></div>
      </form>
    </div>`;
  }
}
customElements.define('filter-bar', FilterBar);
