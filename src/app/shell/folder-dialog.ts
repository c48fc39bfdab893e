/**
 * Opens <folder-editor> (src/app/folders/) for the sidebar's "New folder" and "Edit folder…" actions,
 * and reloads the folder tree and counts once the library holds the change.
 */
import type { AppStores } from './app-stores';
import '../folders/folder-editor';

type FolderEditorElement = HTMLElement & { api: unknown; folderId: string | null; parent: string | null; open: boolean };

export class FolderDialog {
  readonly element = document.createElement('folder-editor') as FolderEditorElement;

  constructor(private readonly stores: AppStores) {
    this.element.api = stores.api;
    this.element.addEventListener('folder-saved', () => void this.stores.sidebar.load());
  }

  /** A new folder, at the top level or under `parent`. */
  create(parent: string | null = null): void {
    this.show(null, parent);
  }

  edit(folderId: string): void {
    this.show(folderId, null);
  }

  private show(folderId: string | null, parent: string | null): void {
    // The dialog is modal, so it is closed here: opening it makes the editor read the folder afresh.
    Object.assign(this.element, { folderId, parent, open: true });
  }
}
