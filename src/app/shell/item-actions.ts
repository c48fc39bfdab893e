/**
 * What the person does to items from the grid: move the selection to the trash (with an undo
 * toast), restore it from the trash or delete it for good (after asking), and rate it. Each goes
 * through the API and refreshes what it changed.
 */
import { idList, selectionIds, type IdSource } from '../selection/selection-ids';
import { confirmAction } from '../ui/confirm';
import { plural } from '../ui/format';
import type { Notices } from '../toasts/notices';
import type { AppStores } from './app-stores';
import { updateMany } from './update-many';

/** Tells panels showing these items (the inspector listens on window) to read them again. */
function announceChanged(ids: readonly string[]): void {
  for (const id of ids) window.dispatchEvent(new CustomEvent('item-changed', { detail: { id } }));
}

const sourceOf = (items: readonly string[] | IdSource): IdSource => ('runs' in items ? items : idList(items));

export class ItemActions {
  constructor(private readonly stores: Pick<AppStores, 'selection' | 'results' | 'sidebar' | 'toasts' | 'api' | 'view'>) {}

  /** The selection's ids: a list when made of clicks, else paged from the worker. */
  selected(): Promise<IdSource> {
    return selectionIds(this.stores.api, this.stores.selection);
  }

  /**
   * Trashes the selection; resolves with the index the focus should go to. The toast's Undo is
   * offered when the ids are a list the page holds (a worker-held selection is restored from the Trash).
   */
  async trashSelection(): Promise<number | undefined> {
    const { selection, results, sidebar, toasts, api, view } = this.stores;
    if (!selection.count || view.state.view.kind === 'trash') return undefined;
    const focus = selection.focus;
    let actions = selection.actions;
    const movedOn = () => selection.actions !== actions;
    let ids: IdSource;
    try {
      ids = await this.selected();
      await updateMany(api, ids, { isDeleted: true });
    } catch (error) {
      // The API's message, and no "Moved to the trash": the selection stays for another try.
      toasts.error(error);
      await Promise.all([results.refresh(), sidebar.loadCounts()]);
      return undefined;
    }
    // What the person selected meanwhile stays selected.
    if (movedOn()) selection.remove(ids.list ?? [], (id) => results.indexOfLoaded(id));
    else {
      selection.clear();
      actions = selection.actions;
    }
    await Promise.all([results.refresh(), sidebar.loadCounts()]);
    const list = ids.list;
    toasts.show(`Moved ${plural(ids.total, 'item')} to the trash`, list ? { action: { label: 'Undo', run: () => void this.restore(list) } } : {});
    // The focus goes back where the trashed items were, unless the person has moved it since.
    if (movedOn()) return undefined;
    selection.moveFocus(Math.min(focus, Math.max(0, results.total - 1)));
    return selection.focus;
  }

  /**
   * Takes items out of the trash (the Trash's Restore, its Alt+Delete, the trash toast's Undo, the
   * viewer's Restore); true once they are out. The outcome is told in `notices`: the page's toasts,
   * or the viewer's own notice while it covers them.
   */
  async restore(items: readonly string[] | IdSource, tell = false, notices: Notices = this.stores.toasts): Promise<boolean> {
    const { results, sidebar, api, selection } = this.stores;
    const ids = sourceOf(items);
    if (!ids.total) return false;
    let restored = false;
    try {
      await updateMany(api, ids, { isDeleted: false });
      restored = true;
      if (tell) {
        if (ids.list) selection.remove(ids.list, (id) => results.indexOfLoaded(id));
        else selection.clear();
        notices.show(`Restored ${plural(ids.total, 'item')}`);
      }
      announceChanged(ids.list ?? []);
    } catch (error) {
      notices.error(error);
    }
    await Promise.all([results.refresh(), sidebar.loadCounts()]);
    return restored;
  }

  /** Deletes trashed items for good (item/remove), once the person has confirmed. */
  async deleteForGood(items: readonly string[] | IdSource): Promise<void> {
    const { results, sidebar, toasts, api, selection } = this.stores;
    const ids = sourceOf(items);
    const count = ids.total;
    if (!count) return;
    const what = count === 1 ? 'this item' : `these ${count.toLocaleString()} items`;
    const sure = await confirmAction({
      title: `Delete ${plural(count, 'item')} for good?`,
      body: [`${what[0]!.toUpperCase()}${what.slice(1)}, ${count === 1 ? 'its' : 'their'} files and comments will be gone from the library. This cannot be undone.`],
      action: 'Delete for good',
    });
    if (!sure) return;
    try {
      for await (const run of ids.runs(1_000)) await api.post('/item/remove', { ids: run });
      if (ids.list) selection.remove(ids.list, (id) => results.indexOfLoaded(id));
      else selection.clear();
      toasts.show(`Deleted ${plural(count, 'item')} for good`);
    } catch (error) {
      toasts.error(error);
    }
    await Promise.all([results.refresh(), sidebar.loadCounts()]);
  }

  /** Number keys rate the selection (0 clears the rating), as culling apps do. */
  async rateSelection(star: number): Promise<void> {
    const { selection, results, api, toasts } = this.stores;
    if (!selection.count) return;
    try {
      const ids = await this.selected();
      await updateMany(api, ids, { star });
      announceChanged(ids.list ?? []);
      toasts.show(star ? `Rated ${plural(ids.total, 'item')} ${'★'.repeat(star)}` : `Cleared the rating of ${plural(ids.total, 'item')}`);
    } catch (error) {
      toasts.error(error);
    }
    await results.refresh();
  }
}
