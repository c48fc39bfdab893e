/**
 * <folder-editor>: a modal <dialog> that creates a folder (`folderId` null, under `parent`) or edits
 * one: name, description, colour, parent (the whole tree, indented) and auto-tags (the folder's `tags`,
 * given to items added to it). Set `open` to show it. Says `folder-saved` (detail {id}) when the library
 * holds the change, `api-error` (detail {message}) when the API refused, shown in the dialog too, and
 * `folder-editor-close` when it closes.
 */
import { LitElement, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ApiClient } from '../api-client';
import type { Folder, Page } from '../api-types';
import { folderOptions, type FolderOption } from '../inspector/folder-options';
import '../inspector/tag-editor';
import { define } from '../ui/define';
import { emit, errorMessage } from '../ui/events';
import { COLOUR_SWATCHES, FOLDER_COLOURS, type FolderColour } from './folder-colours';
import { folderEditorStyles } from './folder-editor-styles';
import { subtreeIds } from './folder-tree';
import { afterCreateBody, createBody, draftOf, duplicateWarning, nameError, updateBody, type FolderDraft } from './folder-form';

export class FolderEditor extends LitElement {
  static override properties = {
    api: { attribute: false },
    folderId: { attribute: false },
    parent: { attribute: false },
    open: { type: Boolean, reflect: true },
    draft: { state: true },
    folders: { state: true },
    error: { state: true },
    saving: { state: true },
  };

  declare api: ApiClient;
  declare folderId: string | null;
  declare parent: string | null;
  declare open: boolean;
  declare draft: FolderDraft;
  declare folders: FolderOption[];
  declare error: string;
  declare saving: boolean;
  /** The tree as read, to warn of a sibling with the same name. */
  private roots: Folder[] = [];
  /** The folder as read, to send only what changed. */
  private stored: FolderDraft = draftOf(null, null);
  /** What the person changed since the dialog opened: kept over the folder when its read answers later. */
  private edits: Partial<FolderDraft> = {};
  /** The latest load: a read that answers after the dialog was opened again (another folder) is dropped. */
  private loading = 0;

  constructor() {
    super();
    this.folderId = null;
    this.parent = null;
    this.open = false;
    this.draft = draftOf(null, null);
    this.folders = [];
    this.error = '';
    this.saving = false;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('open') && this.open && this.api) void this.load();
  }

  protected override updated(): void {
    const dialog = this.renderRoot.querySelector('dialog')!;
    if (this.open && !dialog.open) dialog.showModal();
    if (!this.open && dialog.open) dialog.close();
  }

  private async load(): Promise<void> {
    const ticket = ++this.loading;
    this.error = '';
    this.edits = {};
    this.stored = this.draft = draftOf(null, this.parent);
    try {
      const [tree, folder] = await Promise.all([
        this.api.get('/folder/get'),
        this.folderId ? this.api.get('/folder/get', { id: this.folderId }).then((page) => page.data[0] ?? null) : null,
      ]);
      if (ticket !== this.loading) return;
      this.roots = tree.data;
      this.folders = folderOptions(tree.data);
      this.stored = draftOf(folder, this.parent);
      // A choice made while the folder was on its way (a parent picked at once) is not undone by its answer.
      this.draft = { ...this.stored, ...this.edits };
    } catch (error) {
      if (ticket === this.loading) this.fail(error);
    }
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    emit(this, 'folder-editor-close', {});
  }

  private edit(change: Partial<FolderDraft>): void {
    this.edits = { ...this.edits, ...change };
    this.draft = { ...this.draft, ...change };
  }

  private fail(error: unknown): void {
    this.error = errorMessage(error);
    emit(this, 'api-error', { message: this.error });
  }

  private async save(event: Event): Promise<void> {
    event.preventDefault();
    if (this.saving || nameError(this.draft.name)) return;
    this.saving = true;
    this.error = '';
    const draft = { ...this.draft, name: this.draft.name.trim() };
    try {
      let id = this.folderId;
      if (id) {
        await this.api.post('/folder/update', updateBody(id, this.stored, draft));
      } else {
        id = (await this.api.post('/folder/create', createBody(draft))).id;
        this.folderId = id; // a refused colour or tag list below is then fixed by editing, not by a second folder
        this.stored = { ...draft, iconColor: '', tags: [] };
        const rest = afterCreateBody(id, draft);
        if (rest) await this.api.post('/folder/update', rest);
      }
      emit(this, 'folder-saved', { id });
      this.close();
    } catch (error) {
      this.fail(error);
    } finally {
      this.saving = false;
    }
  }

  private colour(value: FolderColour, label: string, swatch: string | null) {
    return html`<label>
      <input type="radio" name="colour" value=${value} .checked=${live(this.draft.iconColor === value)}
        @change=${() => this.edit({ iconColor: value })} />
      <span class="swatch ${swatch ? '' : 'none'}" style=${swatch ? `background:${swatch}` : ''}></span>${label}
    </label>`;
  }

  override render() {
    const d = this.draft;
    const creating = !this.folderId;
    const title = creating ? 'New folder' : 'Edit folder';
    const tooLong = nameError(d.name);
    const twin = tooLong ? null : duplicateWarning(this.roots, d.name, d.parent, this.folderId);
    // A folder cannot go inside itself: it and its subfolders are no parent for it.
    const inside = this.folderId ? subtreeIds(this.roots, this.folderId) : new Set<string>();
    return html`<dialog aria-labelledby="title" @cancel=${(e: Event) => (e.preventDefault(), this.close())}>
      <form @submit=${this.save} novalidate>
        <h2 id="title">${title}</h2>
        <div class="field">
          <label for="name">Name</label>
          <input id="name" type="text" required autocomplete="off" .value=${live(d.name)} aria-invalid=${tooLong ? 'true' : 'false'}
            aria-describedby=${tooLong || twin ? 'name-note' : nothing}
            @input=${(e: InputEvent) => this.edit({ name: (e.target as HTMLInputElement).value })} />
          ${tooLong ? html`<p class="error" id="name-note" role="alert">${tooLong}</p>` : nothing}
          ${twin ? html`<p class="warning" id="name-note" role="status">${twin} You can still use the name.</p>` : nothing}
        </div>
        <div class="field">
          <label for="description">Description</label>
          <textarea id="description" .value=${live(d.description)}
            @input=${(e: InputEvent) => this.edit({ description: (e.target as HTMLTextAreaElement).value })}></textarea>
        </div>
        <fieldset>
          <legend>Colour</legend>
          <div class="colours">
            ${this.colour('', 'None', null)}
            ${FOLDER_COLOURS.map((c) => this.colour(c, c[0]!.toUpperCase() + c.slice(1), COLOUR_SWATCHES[c]))}
          </div>
        </fieldset>
        <div class="field">
          <label for="parent">Parent folder</label>
          <select id="parent" @change=${(e: Event) => this.edit({ parent: (e.target as HTMLSelectElement).value || null })}>
            <option value="" ?selected=${!d.parent}>None (top level)</option>
            ${this.folders.map((o) => html`<option value=${o.id} ?selected=${o.id === d.parent} ?disabled=${inside.has(o.id)}>${'\u2003'.repeat(o.depth)}${o.name}</option>`)}
          </select>
        </div>
        <fieldset>
          <legend id="tags-legend">Auto-tags</legend>
          <p class="hint" id="tags-hint">Items added to this folder get these tags.</p>
          <tag-editor .api=${this.api} .tags=${d.tags} aria-describedby="tags-hint"
            @tags-change=${(e: CustomEvent<{ tags: string[] }>) => this.edit({ tags: e.detail.tags })}></tag-editor>
        </fieldset>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
        <div class="buttons">
          <button type="button" @click=${() => this.close()}>Cancel</button>
          <button type="submit" class="primary" ?disabled=${this.saving || !d.name.trim() || !!tooLong}>${creating ? 'Create folder' : 'Save'}</button>
        </div>
      </form>
    </dialog>`;
  }

  static override styles = folderEditorStyles;
}

define('folder-editor', FolderEditor);
