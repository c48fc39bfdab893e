/**
 * <folder-picker>: the folders an item is in, as removable chips, and a select of the whole folder
 * tree (indented) to add it to one more. Sends `folders-change` with the new list of ids.
 */
import { LitElement, css, html } from 'lit';
import { define } from '../ui/define';
import { sharedStyles } from '../ui/shared-styles';
import type { FolderOption } from './folder-options';

export class FolderPicker extends LitElement {
  static override properties = { options: { attribute: false }, folders: { attribute: false } };
  declare options: FolderOption[];
  declare folders: string[];

  constructor() {
    super();
    this.options = [];
    this.folders = [];
  }

  private change(folders: string[]): void {
    this.folders = folders;
    this.dispatchEvent(new CustomEvent('folders-change', { detail: { folders } }));
  }

  private pick(event: Event): void {
    const select = event.target as HTMLSelectElement;
    const id = select.value;
    select.value = '';
    if (id && !this.folders.includes(id)) this.change([...this.folders, id]);
  }

  override render() {
    const byId = new Map(this.options.map((o) => [o.id, o]));
    const free = this.options.filter((o) => !this.folders.includes(o.id));
    return html`
      <ul class="chips" aria-label="Folders" ?hidden=${!this.folders.length}>
        ${this.folders.map((id) => {
          const folder = byId.get(id);
          return html`<li class="chip" title=${folder?.path ?? id}><span>${folder?.name ?? id}</span>
            <button type="button" aria-label="Remove from folder ${folder?.path ?? id}" @click=${() => this.change(this.folders.filter((f) => f !== id))}>×</button></li>`;
        })}
      </ul>
      <label class="visually-hidden" for="folder-select">Add to folder</label>
      <select id="folder-select" @change=${this.pick} ?disabled=${!free.length}>
        <option value="">${this.options.length ? (free.length ? 'Add to folder…' : 'In every folder') : 'No folders yet'}</option>
        ${free.map((o) => html`<option value=${o.id}>${'\u2003'.repeat(o.depth)}${o.name}</option>`)}
      </select>
    `;
  }

  static override styles = [
    sharedStyles,
    css`
      :host { display: block; }
      .chips { display: flex; flex-wrap: wrap; gap: 0.3rem; list-style: none; margin: 0 0 0.4rem; padding: 0; }
    `,
  ];
}

define('folder-picker', FolderPicker);
