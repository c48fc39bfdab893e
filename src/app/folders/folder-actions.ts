/**
 * What the person does to folders from the sidebar and the grid: move a folder (drag & drop or
 * "Move to…"), rename it, add the dragged items to a folder and remove the selection from the folder
 * being viewed. Each goes through the API (items in batch item/update runs of 1000, bulk-run.ts),
 * shows the API's message when refused, and reloads the stores it changed. `job` is the item run
 * under way (the sidebar shows its progress on the folder's row).
 */
import type { Folder } from '../api-types';
import { runBulk, type BulkProgress } from '../bulk-edit/bulk-run';
import type { BulkChange } from '../bulk-edit/bulk-changes';
import type { AppStores } from '../shell/app-stores';
import { idList, type IdSource } from '../selection/selection-ids';
import { Store } from '../state/store';
import { InTurn } from '../state/in-turn';
import { plural } from '../ui/format';
import { duplicateWarning } from './folder-form';
import { findFolder } from './folder-tree';

export interface FolderJob extends BulkProgress {
  folder: string;
  label: string;
}

/** The stores it reads and refreshes (the shell passes its AppStores). */
export type FolderActionStores = Pick<AppStores, 'api' | 'sidebar' | 'results' | 'selection' | 'toasts'>;

export class FolderActions extends Store {
  job: FolderJob | null = null;
  /** The folder changes asked for, one after another. */
  private readonly turns = new InTurn();

  constructor(
    private readonly stores: FolderActionStores,
    /** Tells panels showing an item (the inspector listens on window) to read it again. */
    private readonly announce: (id: string) => void = (id) => window.dispatchEvent(new CustomEvent('item-changed', { detail: { id } })),
  ) {
    super();
  }

  private name(id: string): string {
    return `“${this.stores.sidebar.folderName(id)}”`;
  }

  /** Moves folder `id` under `parent` (null: the top level). Resolves true when the library holds it. */
  async move(id: string, parent: string | null): Promise<boolean> {
    const { api, sidebar, toasts } = this.stores;
    try {
      await api.post('/folder/update', { id, parent });
    } catch (error) {
      toasts.error(error);
      return false;
    }
    await sidebar.loadTree();
    toasts.show(`Moved ${this.name(id)} ${parent ? `into ${this.name(parent)}` : 'to the top level'}`);
    return true;
  }

  async rename(id: string, name: string): Promise<boolean> {
    const { api, sidebar, toasts } = this.stores;
    const twin = duplicateWarning(sidebar.folders, name, findFolder(sidebar.folders, id)?.parent ?? null, id);
    try {
      await api.post('/folder/update', { id, name });
    } catch (error) {
      toasts.error(error);
      return false;
    }
    await sidebar.loadTree();
    if (twin) toasts.show(`Renamed. ${twin}`);
    return true;
  }

  /** Adds items (the dragged selection: a list, or the worker's selection) to a folder. */
  async addItems(folder: string, items: readonly string[] | IdSource): Promise<void> {
    const source = 'runs' in items ? items : idList(items);
    const done = await this.run(folder, source, { kind: 'addFolder', folder }, `Adding ${plural(source.total, 'item')} to ${this.name(folder)}`);
    if (done) this.stores.toasts.show(`Added ${plural(source.total, 'item')} to ${this.name(folder)}`);
  }

  /**
   * Takes items out of a folder (not to the trash). The toast offers to put them back when their ids
   * are a list the page holds; a selection the worker holds may have changed by the time of an undo.
   */
  async removeItems(folder: string, items: readonly string[] | IdSource): Promise<void> {
    const source = 'runs' in items ? items : idList(items);
    const name = this.name(folder);
    if (!(await this.run(folder, source, { kind: 'removeFolder', folder }, `Removing ${plural(source.total, 'item')} from ${name}`))) return;
    const list = 'runs' in items ? items.list : items;
    if (list) this.stores.selection.remove(list);
    else this.stores.selection.clear();
    this.stores.toasts.show(`Removed ${plural(source.total, 'item')} from ${name}`, list ? { action: { label: 'Undo', run: () => void this.addItems(folder, list) } } : {});
  }

  /**
   * Folder changes run one at a time; one asked for meanwhile (a drop, an Undo) waits its turn. It
   * was refused, and an Undo's toast had gone by then.
   */
  private run(folder: string, ids: IdSource, change: BulkChange, label: string): Promise<boolean> {
    if (!ids.total) return Promise.resolve(false);
    return this.turns.run(() => this.runNow(folder, ids, change, label));
  }

  private async runNow(folder: string, ids: IdSource, change: BulkChange, label: string): Promise<boolean> {
    const { api, results, sidebar, toasts } = this.stores;
    const result = await runBulk(api, ids, change, (progress) => this.setJob({ folder, label, ...progress }));
    this.setJob(null);
    // The inspector shows one item's folders: tell it to read that item again.
    const single = this.stores.selection.single;
    if (single && result.changedIds.includes(single)) this.announce(single);
    // A refused batch leaves the earlier ones written: show what the library now holds either way.
    await Promise.all([results.refresh(), sidebar.load()]);
    if (result.error) toasts.show(`${label}: stopped after ${plural(result.done, 'item')}: ${result.error}`, { kind: 'error' });
    return !result.error;
  }

  private setJob(job: FolderJob | null): void {
    this.job = job;
    this.changed();
  }
}
