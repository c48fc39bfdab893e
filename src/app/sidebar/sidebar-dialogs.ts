/**
 * <sidebar-dialogs>: the native dialogs the sidebar opens, kept at the shell's level (a dialog
 * inside the phone drawer would be inert with it). `editSmartFolder(id)` opens <smart-folder-editor>
 * (null: a new one); on save the sidebar reloads and the smart folder opens (`view-selected`), on
 * removal the sidebar reloads and a view of the removed folder goes back to All items.
 * `manageTags()` opens <tag-manager>; each of its changes reloads the sidebar's tags.
 * `moveFolder(id)` opens <folder-move-dialog> ("Move to…"), whose `folder-move` bubbles to the shell.
 * Their `api-error` events bubble on to the shell's toasts.
 */
import { html } from 'lit';
import type { View } from '../search/view-state';
import type { AppStores } from '../shell/app-stores';
import { icon } from '../ui/icons';
import { LightElement } from '../ui/light-element';
import type { FolderMoveDialog } from '../folders/folder-move-dialog';
import '../folders/folder-move-dialog';
import '../smart-folders/smart-folder-editor';
import '../tags/tag-manager';

export class SidebarDialogs extends LightElement {
  declare stores: AppStores;
  declare private editing: { id: string | null } | null;
  declare private managingTags: boolean;
  static override properties = { stores: { attribute: false }, editing: { state: true }, managingTags: { state: true } };

  constructor() {
    super();
    this.editing = null;
    this.managingTags = false;
  }

  async editSmartFolder(id: string | null): Promise<void> {
    this.editing = { id };
    await this.updateComplete;
    this.dialog('smart-folder-dialog').showModal();
  }

  async manageTags(): Promise<void> {
    this.managingTags = true;
    await this.updateComplete;
    this.dialog('tag-manager-dialog').showModal();
  }

  async moveFolder(id: string): Promise<void> {
    await this.querySelector<FolderMoveDialog>('folder-move-dialog')?.open(this.stores.sidebar.folders, id);
  }

  private dialog(id: string): HTMLDialogElement {
    return this.querySelector<HTMLDialogElement>(`#${id}`)!;
  }

  private choose(view: View): void {
    this.dispatchEvent(new CustomEvent<View>('view-selected', { detail: view, bubbles: true }));
  }

  private showing(id: string): boolean {
    const view = this.stores.view.state.view;
    return view.kind === 'smart' && view.id === id;
  }

  private async saved(event: CustomEvent<{ id: string }>): Promise<void> {
    const { id } = event.detail;
    this.dialog('smart-folder-dialog').close();
    await this.stores.sidebar.loadTree();
    if (this.showing(id)) await this.stores.results.refresh();
    else this.choose({ kind: 'smart', id });
  }

  private async removed(event: CustomEvent<{ id: string }>): Promise<void> {
    this.dialog('smart-folder-dialog').close();
    await this.stores.sidebar.loadTree();
    if (this.showing(event.detail.id)) this.choose({ kind: 'all' });
  }

  private async tagsChanged(): Promise<void> {
    await Promise.all([this.stores.sidebar.load(), this.stores.results.refresh()]);
  }

  private closeButton(id: string, label: string) {
    return html`<button class="btn icon dialog-close" aria-label=${label} @click=${() => this.dialog(id).close()}>${icon('close', 16)}</button>`;
  }

  override render() {
    return html`<dialog id="smart-folder-dialog" class="wide-dialog" aria-label="Smart folder" @close=${() => (this.editing = null)}>
        ${this.closeButton('smart-folder-dialog', 'Close the smart folder editor')}
        ${this.editing
          ? html`<smart-folder-editor .api=${this.stores.api} .smartFolderId=${this.editing.id}
              @smart-folder-saved=${(e: CustomEvent<{ id: string }>) => void this.saved(e)}
              @smart-folder-removed=${(e: CustomEvent<{ id: string }>) => void this.removed(e)}
              @smart-folder-cancel=${() => this.dialog('smart-folder-dialog').close()}></smart-folder-editor>`
          : null}
      </dialog>
      <dialog id="tag-manager-dialog" class="wide-dialog" aria-label="Manage tags" @close=${() => (this.managingTags = false)}>
        ${this.closeButton('tag-manager-dialog', 'Close the tag manager')}
        ${this.managingTags ? html`<tag-manager .api=${this.stores.api} @tags-changed=${() => void this.tagsChanged()}></tag-manager>` : null}
      </dialog>
      <folder-move-dialog></folder-move-dialog>`;
  }
}
customElements.define('sidebar-dialogs', SidebarDialogs);

declare global {
  interface HTMLElementTagNameMap {
    'sidebar-dialogs': SidebarDialogs;
  }
}
