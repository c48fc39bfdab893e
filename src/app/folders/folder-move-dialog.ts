/**
 * <folder-move-dialog>: "Move to…" for a folder, the keyboard's way to do what dragging does. A
 * modal <dialog> listing "Top level" and every folder (indented) as radio buttons; the folder
 * itself and the folders inside it are disabled, its present place is checked. Move says
 * `folder-move` {id, parent} (parent null: the top level), as a drop on the sidebar does.
 */
import { html, nothing } from 'lit';
import type { Folder } from '../api-types';
import { LightElement } from '../ui/light-element';
import { findFolder, moveTargets } from './folder-tree';
import './folder-move-dialog.css';

const TOP = '';

export class FolderMoveDialog extends LightElement {
  declare private folder: Folder | null;
  declare private roots: readonly Folder[];
  static override properties = { folder: { state: true }, roots: { state: true } };

  constructor() {
    super();
    this.folder = null;
    this.roots = [];
  }

  private get dialog(): HTMLDialogElement {
    return this.querySelector('dialog')!;
  }

  /** Opens for folder `id` of the tree `roots` (folder/get's root folders). */
  async open(roots: readonly Folder[], id: string): Promise<void> {
    this.roots = roots;
    this.folder = findFolder(roots, id) ?? null;
    await this.updateComplete;
    this.querySelector('form')?.reset();
    this.dialog.showModal();
    this.querySelector<HTMLInputElement>('input[name=parent]:checked')?.focus();
  }

  private submit(event: SubmitEvent): void {
    event.preventDefault();
    const chosen = new FormData(event.target as HTMLFormElement).get('parent');
    const folder = this.folder;
    this.dialog.close();
    if (!folder || chosen === null) return;
    const parent = chosen === TOP ? null : String(chosen);
    if (parent === (folder.parent ?? null)) return;
    this.dispatchEvent(new CustomEvent('folder-move', { detail: { id: folder.id, parent }, bubbles: true }));
  }

  private body(folder: Folder) {
    const atTop = (folder.parent ?? null) === null;
    return html`<form method="dialog" @submit=${this.submit}>
      <h2 id="move-title">Move “${folder.name}” to</h2>
      <fieldset class="move-targets">
        <legend class="visually-hidden">New place of “${folder.name}”</legend>
        <label><input type="radio" name="parent" value=${TOP} ?checked=${atTop} />Top level${atTop ? ' (now)' : ''}</label>
        ${moveTargets(this.roots, folder.id).map((target) => html`<label style="--depth:${target.depth + 1}" class=${target.allowed ? '' : 'refused'}>
          <input type="radio" name="parent" value=${target.id} ?checked=${target.current} ?disabled=${!target.allowed} />${target.name}${target.current ? ' (now)' : ''}${target.allowed ? '' : html`<span class="visually-hidden"> (inside the folder being moved)</span>`}
        </label>`)}
      </fieldset>
      <div class="move-buttons">
        <button type="button" class="btn" @click=${() => this.dialog.close()}>Cancel</button>
        <button type="submit" class="btn primary">Move</button>
      </div>
    </form>`;
  }

  override render() {
    return html`<dialog class="folder-move-dialog" aria-labelledby="move-title" @close=${() => (this.folder = null)}>
      ${this.folder ? this.body(this.folder) : nothing}
    </dialog>`;
  }
}
customElements.define('folder-move-dialog', FolderMoveDialog);

declare global {
  interface HTMLElementTagNameMap {
    'folder-move-dialog': FolderMoveDialog;
  }
}
