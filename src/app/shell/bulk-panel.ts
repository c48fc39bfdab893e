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
import type { BulkChange } from '../bulk-edit/bulk-changes';
import '../bulk-edit/bulk-editor';

type BulkEditorElement = HTMLElement & { api: unknown; selection: SelectionHandle | null; task: string | null; load(): Promise<void> };
/** The `items-changed` of a bulk run: its change's kind and what the editor says of it. */
type BulkChanged = { kind: BulkChange['kind']; message: string; failed: boolean };

export class BulkPanel {
  readonly element = document.createElement('bulk-editor') as BulkEditorElement;
  private shown = -1;

  constructor(private readonly stores: AppStores) {
    this.element.id = 'bulk-editor';
    this.element.api = stores.api;
    this.element.addEventListener('items-changed', (event) => void this.changed((event as CustomEvent<BulkChanged>).detail));
  }

  /**
   * After a run. The selection describes positions in the listing: when the run moved items out of
   * the view (to the trash, back out of it, out of the folder shown), other items took those
   * positions, so it is cleared, as the Delete key does, and the outcome, which the editor showed,
   * becomes a toast. Left as it was, the next edit would go to items the person never picked.
   */
  private async changed({ kind, message, failed }: BulkChanged): Promise<void> {
    const { selection, toasts, view } = this.stores;
    const shown = view.state.view;
    const left =
      (kind === 'trash' && shown.kind !== 'trash') ||
      (kind === 'restore' && shown.kind === 'trash') ||
      (kind === 'removeFolder' && shown.kind === 'folder');
    if (left) {
      selection.clear();
      toasts.show(message, failed ? { kind: 'error' } : {});
    }
    await this.refresh();
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
