/**
 * Renaming a folder in place (the context menu's Rename): the row's link becomes a text field with
 * the name selected. Enter or leaving the field says `folder-rename` {id, name} when the name
 * changed; Escape gives up. Either way the focus goes back to the row.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Folder } from '../api-types';
import { FOLDER_NAME_MAX } from '../../shared/folder-name';

export class FolderRename {
  /** The folder whose name is being edited. */
  editing: string | null = null;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {}

  async begin(id: string): Promise<void> {
    this.editing = id;
    this.host.requestUpdate();
    await this.host.updateComplete;
    const field = this.host.querySelector<HTMLInputElement>('.nav-rename');
    field?.focus();
    field?.select();
  }

  private async finish(folder: Folder, field: HTMLInputElement, keep: boolean): Promise<void> {
    if (this.editing !== folder.id) return;
    this.editing = null;
    const name = field.value.trim();
    if (keep && name && name !== folder.name) {
      this.host.dispatchEvent(new CustomEvent('folder-rename', { detail: { id: folder.id, name }, bubbles: true }));
    }
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.host.querySelector<HTMLElement>(`[data-view="folder:${folder.id}"]`)?.focus();
  }

  private onKeyDown(event: KeyboardEvent, folder: Folder): void {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    // Escape would also clear the grid's selection (the shell's global key).
    event.preventDefault();
    event.stopPropagation();
    void this.finish(folder, event.target as HTMLInputElement, event.key === 'Enter');
  }

  field(folder: Folder): TemplateResult {
    return html`<input class="nav-rename" type="text" maxlength=${FOLDER_NAME_MAX} .value=${folder.name} aria-label="New name of folder ${folder.name}" autocomplete="off"
      @keydown=${(e: KeyboardEvent) => this.onKeyDown(e, folder)}
      @blur=${(e: FocusEvent) => void this.finish(folder, e.target as HTMLInputElement, true)} />`;
  }
}
