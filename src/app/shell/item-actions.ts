/**
 * What the person does to items from the grid: move the selection to the trash (with an undo
 * toast), restore it from the trash or delete it for good (after asking), and rate it. Each goes
 * through the API and refreshes what it changed.
 */
import { confirmAction } from '../ui/confirm';
import { plural } from '../ui/format';
import type { AppStores } from './app-stores';
import { updateMany } from './update-many';

/** Tells panels showing these items (the inspector listens on window) to read them again. */
function announceChanged(ids: string[]): void {
  for (const id of ids) window.dispatchEvent(new CustomEvent('item-changed', { detail: { id } }));
}

export class ItemActions {
  constructor(private readonly stores: Pick<AppStores, 'selection' | 'results' | 'sidebar' | 'toasts' | 'api' | 'view'>) {}

  /** Trashes the selection; resolves with the index the focus should go to. */
  async trashSelection(): Promise<number | undefined> {
    const { selection, results, sidebar, toasts, api, view } = this.stores;
    const ids = [...selection.selected];
    if (!ids.length || view.state.view.kind === 'trash') return undefined;
    const focus = selection.focus;
    let actions = selection.actions;
    const movedOn = () => selection.actions !== actions;
    try {
      await updateMany(api, ids, { isDeleted: true });
    } catch (error) {
      // The API's message, and no "Moved to the trash": the selection stays for another try.
      toasts.error(error);
      await Promise.all([results.refresh(), sidebar.loadCounts()]);
      return undefined;
    }
    // What the person selected meanwhile stays selected.
    if (movedOn()) selection.remove(ids);
    else {
      selection.clear();
      actions = selection.actions;
    }
    await Promise.all([results.refresh(), sidebar.loadCounts()]);
    toasts.show(`Moved ${plural(ids.length, 'item')} to the trash`, {
      action: { label: 'Undo', run: () => void this.restore(ids) },
    });
    // The focus goes back where the trashed items were, unless the person has moved it since.
    if (movedOn()) return undefined;
    selection.moveFocus(Math.min(focus, Math.max(0, results.total - 1)));
    return selection.focus;
  }

  /** Takes items out of the trash (the Trash's Restore, its Alt+Delete, the trash toast's Undo). */
  async restore(ids: readonly string[], tell = false): Promise<void> {
    const { results, sidebar, toasts, api, selection } = this.stores;
    if (!ids.length) return;
    try {
      await updateMany(api, ids, { isDeleted: false });
      if (tell) {
        selection.remove([...ids]);
        toasts.show(`Restored ${plural(ids.length, 'item')}`);
      }
      announceChanged([...ids]);
    } catch (error) {
      toasts.error(error);
    }
    await Promise.all([results.refresh(), sidebar.loadCounts()]);
  }

  /** Deletes trashed items for good (item/remove), once the person has confirmed. */
  async deleteForGood(ids: readonly string[]): Promise<void> {
    const { results, sidebar, toasts, api, selection } = this.stores;
    if (!ids.length) return;
    const what = ids.length === 1 ? 'this item' : `these ${ids.length.toLocaleString()} items`;
    const sure = await confirmAction({
      title: `Delete ${plural(ids.length, 'item')} for good?`,
      body: [`${what[0]!.toUpperCase()}${what.slice(1)}, ${ids.length === 1 ? 'its' : 'their'} files and comments will be gone from the library. This cannot be undone.`],
      action: 'Delete for good',
    });
    if (!sure) return;
    try {
      await api.post('/item/remove', { ids });
      selection.remove([...ids]);
      toasts.show(`Deleted ${plural(ids.length, 'item')} for good`);
    } catch (error) {
      toasts.error(error);
    }
    await Promise.all([results.refresh(), sidebar.loadCounts()]);
  }

  /** Number keys rate the selection (0 clears the rating), as culling apps do. */
  async rateSelection(star: number): Promise<void> {
    const { selection, results, api, toasts } = this.stores;
    const ids = [...selection.selected];
    if (!ids.length) return;
    try {
      await updateMany(api, ids, { star });
      announceChanged(ids);
      toasts.show(star ? `Rated ${plural(ids.length, 'item')} ${'★'.repeat(star)}` : `Cleared the rating of ${plural(ids.length, 'item')}`);
    } catch (error) {
      toasts.error(error);
    }
    await results.refresh();
  }
}
