/**
 * The right panel for a selection of more than one item: a <bulk-editor> (src/app/bulk-edit/), headed
 * "N items selected", in place of the inspector. It is handed the selection's count and a way to page
 * through its ids as the worker resolved it (../selection/selection-ids.ts), new whenever the
 * selection changes (the editor reads the whole selection again then). After it writes, the grid and
 * the sidebar's counts refresh.
 */
import type { AppStores } from './app-stores';
import { selectionIds } from '../selection/selection-ids';
import type { SelectionHandle } from '../bulk-edit/bulk-editor';
import '../bulk-edit/bulk-editor';

type BulkEditorElement = HTMLElement & { api: unknown; selection: SelectionHandle | null; task: string | null; load(): Promise<void> };

export class BulkPanel {
  readonly element = document.createElement('bulk-editor') as BulkEditorElement;
  private shown = -1;

  constructor(private readonly stores: AppStores) {
    this.element.id = 'bulk-editor';
    this.element.api = stores.api;
    this.element.addEventListener('items-changed', () => void this.refresh());
  }

  /** Whether the panel is for the current selection (more than one item). */
  get wanted(): boolean {
    return this.stores.selection.count > 1;
  }

  /** Called after each shell update: hands the editor the selection when it changed. */
  sync(): void {
    const { selection, api } = this.stores;
    // A selection of one hides the editor and takes its handle: an edit still waiting is refused, not applied to that item.
    const version = this.wanted ? selection.version : -1;
    if (version === this.shown) return;
    this.shown = version;
    this.element.selection = this.wanted ? { total: selection.count, open: () => selectionIds(api, selection) } : null;
  }

  /**
   * Another tab or a drop on a folder changed selected items: read them again, unless the editor is
   * busy (its own writes announce changes too, and a run counts the items as it reads them).
   */
  reload(): Promise<void> {
    return this.element.task ? Promise.resolve() : this.element.load();
  }

  private async refresh(): Promise<void> {
    const { results, sidebar } = this.stores;
    await Promise.all([results.refresh(), sidebar.load()]);
  }
}
