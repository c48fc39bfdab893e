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
/** The most ids a selection of ranges becomes after a run (kept in the page; see keepOnItsItems). */
const FOLLOWED = 10_000;

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
    const actions = selection.actions;
    await this.refresh();
    if (!left && selection.ranges.length && selection.actions === actions) await this.keepOnItsItems(actions, message);
  }

  /**
   * Any other run may have moved the selected items too: a rating in a view sorted by rating, a tag
   * taken off in a view filtered by it, an edit in a smart folder. A selection of ranges would then
   * name the items that took their places, so it becomes the ids of its items still in the view,
   * which the grid shows wherever they are now. While those are all of them, its editor keeps its
   * handle (the same items), so edits waiting their turn still go. A select-all still spanning the
   * listing stays one range (no run brings in an item not selected); a bigger selection of ranges
   * is cleared, with a toast saying so. An AI listing (held whole in the page) keeps its order.
   */
  private async keepOnItsItems(actions: number, message: string): Promise<void> {
    const { selection, results, toasts, api } = this.stores;
    const params = results.listingParams;
    const [first] = selection.ranges;
    const all = selection.ranges.length === 1 && first!.from === 0 && first!.to === results.total - 1 && !selection.added.size && !selection.removed.size;
    if (!params || all) return;
    if (selection.count > FOLLOWED) {
      selection.clear();
      toasts.show(`${message} The selection was cleared: its items may have moved in this view.`);
      return;
    }
    await selection.mirrored();
    const { ids } = (await api.post('/item/ids', { ...params, isSelected: true, offset: 0, limit: FOLLOWED })) as { ids: string[] };
    if (selection.actions !== actions) return;
    const same = this.shown === selection.version && ids.length === selection.count;
    selection.follow(ids, (id) => results.indexOfLoaded(id));
    if (same) this.shown = selection.version;
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
