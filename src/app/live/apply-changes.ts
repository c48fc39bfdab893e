/**
 * Turns a ChangeBatch into re-reads of what the screen shows: the grid's listing (its cached pages
 * and total, so the scroll position and the selection stay), the sidebar's counts and tree, the
 * inspector's and the viewer's item or the bulk editor's selection, the tag manager, the library
 * list. Each part is read once per batch however many changes the batch holds.
 */
import type { ResultStore } from '../grid/result-store';
import type { SelectionStore } from '../selection/selection-store';
import type { LibraryStore } from '../shell/library-store';
import type { SidebarStore } from '../sidebar/sidebar-store';
import type { ChangeBatch } from './change-batch';
import type { FocusHeld } from './keep-focus';

/** What a batch may re-read (the shell gives its stores and elements; node tests give real stores). */
export interface LiveTargets {
  results: Pick<ResultStore, 'refresh' | 'ranksByAi'>;
  sidebar: Pick<SidebarStore, 'loadCounts' | 'loadTree'>;
  selection: Pick<SelectionStore, 'remove'>;
  /** Where an item sits in the listing shown, among the ids the page holds (-1: not known). */
  indexOf(id: string): number;
  library: Pick<LibraryStore, 'load' | 'setLoading'>;
  /** True while the Trash is shown (restored items leave it, trashed ones enter it). */
  inTrash(): boolean;
  /** Reads everything shown again (after a resync). */
  loadAll(): Promise<void>;
  /** Another library is open: start over from All items. */
  libraryChanged(): Promise<void>;
  /** The item the inspector shows, or null. */
  inspectedItem(): string | null;
  reloadInspector(): Promise<void>;
  /** The item the viewer shows, or null. */
  viewedItem(): string | null;
  /** Reads the viewed item and its comments again, its zoom, open comment and draft kept. */
  reloadViewer(): Promise<void>;
  /** Whether the bulk editor is shown and this item (null: any item) is among those it shows. */
  bulkHas(id: string | null): boolean;
  /** Reads the bulk editor's selection and folders again (not while it is writing: it reads after). */
  reloadBulkEditor(): Promise<void>;
  /** Reloads the tag manager when it is open. */
  reloadTagManager(): Promise<void>;
  showItem(id: string): Promise<void>;
  showFolder(id: string): void;
  /** The grid's focused item, noted before the listing is read again, and followed after (./keep-focus.ts). */
  focus: { held(): FocusHeld | undefined; follow(held: FocusHeld): void };
}

export async function applyChanges(batch: ChangeBatch, to: LiveTargets): Promise<void> {
  if (batch.switched) {
    await Promise.all([to.libraryChanged(), to.reloadTagManager()]);
    return;
  }
  if (batch.publishedLoad !== undefined) to.library.setLoading(batch.publishedLoad ?? undefined);
  if (batch.resync) {
    await Promise.all([to.loadAll(), to.reloadInspector(), to.reloadViewer(), to.reloadTagManager()]);
  } else {
    const work: Promise<unknown>[] = [];
    const focused = to.focus.held();
    // A published load's batch brings new rows with no item ids announced; an index replaced whole changes every count.
    // An AI listing ranks by evidence that lands after the rows (objects, meaning vectors).
    const ranked = batch.aiIndexed.size > 0 && to.results.ranksByAi();
    const rows = batch.items.size > 0 || batch.publishedLoad !== undefined || batch.indexed;
    const tree = batch.tree || batch.indexed;
    if (rows) work.push(to.results.refresh(), to.sidebar.loadCounts());
    else if (ranked) work.push(to.results.refresh());
    if (tree) work.push(to.sidebar.loadTree());
    if (batch.tags || batch.indexed) work.push(to.reloadTagManager());
    if (batch.libraries) work.push(to.library.load());
    const shown = to.inspectedItem();
    if (shown && (batch.items.has(shown) || tree)) work.push(to.reloadInspector());
    const viewed = to.viewedItem();
    if (viewed && (batch.items.has(viewed) || tree)) work.push(to.reloadViewer());
    if (tree ? to.bulkHas(null) : [...batch.items].some((id) => to.bulkHas(id))) work.push(to.reloadBulkEditor());
    await Promise.all(work);
    if (focused) to.focus.follow(focused);
  }
  const left = to.inTrash() ? batch.restored : batch.trashed;
  if (left.size) to.selection.remove([...left], to.indexOf);
  if (batch.open?.kind === 'item') await to.showItem(batch.open.id);
  else if (batch.open?.kind === 'folder') to.showFolder(batch.open.id);
}
