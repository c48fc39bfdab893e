/**
 * <sidebar-dialogs>: the native dialogs the sidebar opens, kept at the shell's level (a dialog
 * inside the phone drawer would be inert with it). `editSmartFolder(id)` opens <smart-folder-editor>
 * (null: a new one); on save the sidebar reloads and the smart folder opens (`view-selected`), on
 * removal the sidebar reloads and a view of the removed folder goes back to All items.
 * `manageTags()` opens <tag-manager>; each of its changes reloads the sidebar's tags.
 * `findDuplicates()` opens <duplicate-review>; a merge there reloads the sidebar and the grid and
 * offers Undo in a toast.
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
import '../duplicates/duplicate-review';
import { undoMerge, type MergeAnswer } from '../duplicates/duplicates-api';
import type { DuplicateReview } from '../duplicates/duplicate-review';

export class SidebarDialogs extends LightElement {
  declare stores: AppStores;
  declare private editing: { id: string | null } | null;
  declare private managingTags: boolean;
  declare private reviewing: boolean;
  static override properties = { stores: { attribute: false }, editing: { state: true }, managingTags: { state: true }, reviewing: { state: true } };

  constructor() {
    super();
    this.editing = null;
    this.managingTags = false;
    this.reviewing = false;
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

  async findDuplicates(): Promise<void> {
    this.reviewing = true;
    await this.updateComplete;
    this.dialog('duplicates-dialog').showModal();
  }

  /** The merge Undo can still take back, and the toast that offers it. */
  private pendingUndo: { answer: MergeAnswer; toast: number } | null = null;

  private async merged({ answer, name }: { answer: MergeAnswer; name: string }): Promise<void> {
    if (this.pendingUndo) this.stores.toasts.dismiss(this.pendingUndo.toast);
    const toast = this.stores.toasts.show(`Kept "${name}"; ${answer.trashed.length === 1 ? '1 other' : `${answer.trashed.length} others`} moved to the trash`, {
      action: { label: 'Undo', run: () => void this.undo(answer) },
    });
    this.pendingUndo = { answer, toast };
    await this.tagsChanged();
  }

  /** From the toast or the view's own Undo; a merge is undone once. */
  private async undo(answer: MergeAnswer): Promise<void> {
    if (this.pendingUndo?.answer !== answer) return;
    this.stores.toasts.dismiss(this.pendingUndo.toast);
    this.pendingUndo = null;
    try {
      await undoMerge(this.stores.api, answer);
    } catch (error) {
      this.stores.toasts.error(error);
    }
    const review = this.querySelector<DuplicateReview>('duplicate-review');
    if (review) review.merged = null;
    await Promise.all([this.tagsChanged(), review?.reload()]);
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
    // Its children went with it: a view of one of them goes too.
    const view = this.stores.view.state.view;
    if (this.showing(event.detail.id) || (view.kind === 'smart' && !this.stores.sidebar.smartFolder(view.id))) this.choose({ kind: 'all' });
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
      <dialog id="duplicates-dialog" class="wide-dialog" aria-label="Duplicates" @close=${() => (this.reviewing = false)}>
        ${this.closeButton('duplicates-dialog', 'Close Duplicates')}
        ${this.reviewing
          ? html`<duplicate-review .api=${this.stores.api}
              @duplicates-merged=${(e: CustomEvent<{ answer: MergeAnswer; name: string }>) => void this.merged(e.detail)}
              @duplicates-undo=${(e: CustomEvent<{ answer: MergeAnswer }>) => void this.undo(e.detail.answer)}></duplicate-review>`
          : null}
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
