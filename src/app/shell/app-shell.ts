/**
 * The app's frame: header (library, search, import, help), the sidebar, the grid with its toolbar,
 * the inspector, the status bar, toasts and dialogs. It renders the stores (AppStores) and turns
 * the events of its parts into store actions. The inspector and viewer are made by tag name
 * (panels.ts) and fed through properties.
 */
import { html, nothing } from 'lit';
import type { ItemGrid, GridItemEvent } from '../grid/item-grid';
import type { QuickLook } from '../grid/quick-look';
import type { ShortcutHelp } from '../keyboard/shortcut-help';
import { globalCommand, isTyping } from '../keyboard/shortcuts';
import { followFocus, heldFocus } from '../live/keep-focus';
import { hasFilters, isAiView, type SearchMode, type View } from '../search/view-state';
import type { SearchBox } from '../search/search-box';
import { keepDroppedImage } from '../ai/dropped-images';
import '../ai/ai.css';
import { InTurn } from '../state/in-turn';
import { StoreController } from '../state/store';
import { LightElement } from '../ui/light-element';
import { applyChanges, type LiveTargets } from '../live/apply-changes';
import { visitorLibrary } from '../visitor-frame';
import { startLiveUpdates, type LiveUpdates } from '../live/live-updates';
import type { TagManager } from '../tags/tag-manager';
import type { ItemInspector } from '../inspector/item-inspector';
import type { ItemViewer } from '../viewer/item-viewer';
import { wholeItems, type Item } from '../api-types';
import type { AppHeader } from './app-header';
import type { ImportDock } from './import-dock';
import type { SidebarDialogs } from '../sidebar/sidebar-dialogs';
import { AppStores, isQueryError, newSeed } from './app-stores';
import { forPeople } from '../ui/people-text';
import { searchErrorText } from '../search/search-error';
import { BulkPanel } from './bulk-panel';
import { FolderActions } from '../folders/folder-actions';
import { FolderDialog } from './folder-dialog';
import { ItemActions } from './item-actions';
import { ViewerPlace } from './viewer-place';
import type { IdSource } from '../selection/selection-ids';
import { openItemMenu } from '../grid/item-menu';
import { deleteFolder } from '../folders/folder-delete';
import type { ApiState } from './status-bar';
import { openSyncDialog } from '../sync/sync-dialog';
import '../grid/grid-toolbar';
import '../grid/item-grid';
import '../grid/quick-look';
import '../keyboard/shortcut-help';
import '../sidebar/side-bar';
import '../toasts/toast-stack';
import './app-header';
import './first-run';
import type { RestoreSource } from './restore-sources';
import type { LibraryTransferMenu } from '../library-transfer/transfer-menu';
import { writable } from './read-only-guard';
import './import-dock';
import '../sidebar/sidebar-dialogs';
import './panel-splitter';
import './status-bar';
import '../search/search.css';
import './shell.css';

const PHONE = '(max-width: 800px)';

type PanelElement = HTMLElement & Record<string, unknown>;

export class AppShell extends LightElement {
  declare apiState: ApiState;
  declare apiText: string;
  /** Why the app could not start (main.ts), shown in place of the items and in the status bar: nothing works until a reload. */
  declare startError: string | null;
  declare private drawer: 'sidebar' | 'inspector' | null;
  static override properties = { apiState: { type: String }, apiText: { type: String }, startError: { type: String }, drawer: { state: true } };

  readonly stores = new AppStores();
  private readonly actions = new ItemActions(this.stores);
  private readonly inspector = document.createElement('item-inspector') as PanelElement;
  private readonly viewer = document.createElement('item-viewer') as PanelElement;
  /** Where the viewer's ←/→ is heading while that item's page loads: a second press steps on from there. */
  private viewerTarget: number | null = null;
  private readonly viewerPlace = new ViewerPlace();
  /** The item the viewer's Restore is taking out of the Trash: a second press sends nothing. */
  private viewerRestoring: string | null = null;
  private readonly bulk = new BulkPanel(this.stores);
  private readonly folderDialog = new FolderDialog(this.stores);
  private readonly folderActions = new FolderActions(this.stores);
  private readonly phone = matchMedia(PHONE);
  /** Changes made anywhere (GET /api/v2/events), shown here without a reload. */
  live?: LiveUpdates;

  constructor() {
    super();
    this.apiState = 'starting';
    this.apiText = 'Starting the service worker…';
    this.startError = null;
    this.drawer = null;
    const s = this.stores;
    new StoreController(this, () => [s.view, s.results, s.selection, s.sidebar, s.prefs, s.library, s.aiProgress, s.sync]);
    this.inspector.id = 'inspector';
    this.viewer.id = 'viewer';
    Object.assign(this.inspector, { api: s.api, itemId: null, selectionCount: 0 });
    Object.assign(this.viewer, { api: s.api, itemId: null });
    this.phone.addEventListener('change', () => this.requestUpdate());
    s.view.subscribe(() => this.grid?.scrollToTop());
    s.view.beforeChange = () => this.querySelector<SearchBox>('search-box')?.flush();
    this.addEventListener('api-error', (event) => s.toasts.show((event as CustomEvent<{ message: string }>).detail.message, { kind: 'error' }));
    this.addEventListener('item-changed', (event) => void this.refreshItem((event as CustomEvent<{ id: string }>).detail.id));
    this.addEventListener('viewer-navigate', (event) => void this.navigateViewer((event as CustomEvent<{ direction: -1 | 1 }>).detail.direction));
    this.addEventListener('viewer-close', () => this.closeViewer());
    this.addEventListener('smart-folder-edit', (event) => void this.dialogs?.editSmartFolder((event as CustomEvent<string | null>).detail));
    this.addEventListener('manage-tags', () => void this.dialogs?.manageTags());
    this.addEventListener('find-duplicates', () => void this.dialogs?.findDuplicates());
    this.addEventListener('sync-open', () => openSyncDialog(s.sync));
    this.addEventListener('find-similar', (event) => this.findSimilar((event as CustomEvent<{ id: string }>).detail.id));
    this.addEventListener('restore-items', (event) => {
      const { ids } = (event as CustomEvent<{ ids: string[] }>).detail;
      if (this.viewerOpen && event.composedPath().includes(this.viewer)) void this.restoreFromViewer(ids[0]!);
      else void this.refocusAfter(this.actions.restore(ids, true));
    });
    this.addEventListener('delete-items', (event) => void this.refocusAfter(this.actions.deleteForGood((event as CustomEvent<{ ids: string[] }>).detail.ids)));
    this.listenToFolderAsks();
    // A dialog opened from the phone drawer replaces it: closing the dialog shows the grid, not the drawer again.
    for (const type of ['smart-folder-edit', 'manage-tags', 'find-duplicates', 'folder-new', 'folder-edit', 'folder-move-to', 'folder-delete']) this.addEventListener(type, () => (this.drawer = null));
  }

  /** The sidebar's folder drags, menu and "Move to…", and the grid's "Remove from folder". */
  private listenToFolderAsks(): void {
    const on = <T>(type: string, run: (detail: T) => void) => this.addEventListener(type, (event) => run((event as CustomEvent<T>).detail));
    const actions = this.folderActions;
    on<{ parent?: string }>('folder-new', (d) => this.folderDialog.create(d?.parent ?? null));
    on<{ id: string }>('folder-edit', (d) => this.folderDialog.edit(d.id));
    on<{ id: string }>('folder-move-to', (d) => void this.dialogs?.moveFolder(d.id));
    on<{ id: string }>('folder-delete', (d) => void deleteFolder(this.stores, d.id));
    on<{ id: string; parent: string | null }>('folder-move', (d) => void actions.move(d.id, d.parent));
    on<{ id: string; name: string }>('folder-rename', (d) => void actions.rename(d.id, d.name));
    // ids null: the dragged selection, paged from the worker.
    on<{ folder: string; ids: readonly string[] | null }>('items-to-folder', (d) => void (d.ids ? actions.addItems(d.folder, d.ids) : this.withSelection((ids) => actions.addItems(d.folder, ids))));
    on('remove-from-folder', () => {
      if (!writable(this.stores)) return;
      const view = this.stores.view.state.view;
      // In the Trash, Alt+Delete takes the selection out of it (restores it).
      if (view.kind === 'trash') void this.refocusAfter(this.withSelection((ids) => this.actions.restore(ids, true)));
      else if (view.kind === 'folder') void this.withSelection((ids) => actions.removeItems(view.id, ids));
      else this.stores.toasts.show('Open a folder to remove items from it.');
    });
  }

  /** Runs `act` on the selection's ids (a list, or paged from the worker); a failure to read them is a toast. */
  private async withSelection(act: (ids: IdSource) => Promise<unknown>): Promise<void> {
    if (!this.stores.selection.count) return;
    let ids: IdSource;
    try {
      ids = await this.actions.selected();
    } catch (error) {
      return this.stores.toasts.error(error);
    }
    await act(ids);
  }

  private get grid(): ItemGrid | null {
    return this.querySelector('item-grid');
  }

  private get dialogs(): SidebarDialogs | null {
    return this.querySelector('sidebar-dialogs');
  }

  private get dock(): ImportDock | null {
    return this.querySelector('import-dock');
  }

  /** The library menu's Eagle entries, which the empty library's restore hint uses too. */
  private get transferMenu(): LibraryTransferMenu | null {
    return this.querySelector('library-transfer-menu');
  }

  private get header(): AppHeader | null {
    return this.querySelector('app-header');
  }

  /** Called by main.ts once the service worker controls the page. */
  async start(): Promise<void> {
    // Listen first: a change made while the library loads is then shown too.
    this.live ??= startLiveUpdates({
      apply: (batch) => applyChanges(batch, this.liveTargets()),
      currentLibrary: () => this.stores.library.current?.path,
      pinned: visitorLibrary() !== undefined,
      onError: (error) => this.stores.toasts.error(error),
    });
    await this.stores.loadAll();
    this.stores.aiProgress.start();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('keydown', this.onGlobalKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.onGlobalKey);
    this.live?.close();
    this.live = undefined;
    this.stores.aiProgress.stop();
  }

  private liveTargets(): LiveTargets {
    const s = this.stores;
    return {
      results: s.results,
      sidebar: s.sidebar,
      selection: s.selection,
      library: s.library,
      inTrash: () => s.view.state.view.kind === 'trash',
      loadAll: () => s.loadAll(),
      libraryChanged: () => s.libraryChanged(),
      inspectedItem: () => this.inspector.itemId as string | null,
      reloadInspector: () => (this.inspector.itemId ? (this.inspector as unknown as ItemInspector).load() : Promise.resolve()),
      viewedItem: () => (this.viewerOpen ? (this.viewer.itemId as string) : null),
      reloadViewer: () => (this.viewerOpen ? (this.viewer as unknown as ItemViewer).refresh() : Promise.resolve()),
      bulkHas: (id) => this.bulk.wanted && (id === null || s.selection.has(s.results.indexOfLoaded(id), id)),
      indexOf: (id) => s.results.indexOfLoaded(id),
      reloadBulkEditor: () => this.bulk.reload(),
      reloadTagManager: () => this.querySelector<TagManager>('tag-manager')?.reload() ?? Promise.resolve(),
      showItem: (id) => this.showItem(id),
      showFolder: (id) => this.showFolder(id),
      focus: {
        held: () => heldFocus(s.results, s.selection),
        follow: (held) => {
          // The keyboard goes with it when it was in the grid; a focus elsewhere stays there.
          const inGrid = this.grid?.matches(':focus-within') === true;
          const moved = followFocus(held, s.results, s.selection);
          if (moved !== undefined && inGrid) this.grid?.focusIndex(moved);
        },
      },
    };
  }

  private readonly onGlobalKey = (event: KeyboardEvent): void => {
    // A dialog's keys are its own: its Escape closes it. Dialogs inside shadow roots (the folder
    // editor's) are not found by querySelector, so the key's path is asked too.
    if (event.defaultPrevented || document.querySelector('dialog[open]') || event.composedPath().some((node) => node instanceof HTMLDialogElement)) return;
    if (this.viewerOpen) return;
    // An open popover (the library menu) closes on Escape by itself, unless the key's default is prevented.
    if (event.key === 'Escape' && document.querySelector(':popover-open')) return;
    // From inside a shadow root (the inspector's fields) the target is its host: the path's first node is the field.
    const command = globalCommand(event, isTyping(event.composedPath()[0] ?? event.target));
    if (!command) return;
    event.preventDefault();
    if (command === 'focus-search') this.header?.focusSearch();
    else if (command === 'show-help') this.querySelector<ShortcutHelp>('shortcut-help')?.open();
    else if (command === 'select-all') void this.stores.selection.selectAll();
    else if (command === 'clear-selection') this.drawer ? (this.drawer = null) : this.stores.selection.clear();
    else if (command === 'find-duplicates' && !this.stores.library.readOnly) void this.dialogs?.findDuplicates();
  };

  private setView(view: View): void {
    const seed = view.kind === 'random' ? newSeed() : this.stores.view.state.seed;
    this.stores.view.set({ view, seed });
    this.drawer = null;
  }

  private setSearch(text: string): void {
    const state = this.stores.view.state;
    // Typing in an AI view searches the whole library again (those views take no search text).
    if (isAiView(state.view)) return this.stores.view.set({ view: { kind: 'all' }, search: text });
    // The first keystrokes of a search make a history entry; refining it replaces that entry.
    this.stores.view.set({ search: text }, { replace: state.search !== '' && text !== '' });
  }

  /**
   * A search asked from outside (an embedding page's `search` attribute or `search()`): shown as the
   * element answers it, words over all items, as if typed in the search box.
   */
  showSearch(text: string): void {
    this.stores.view.set({ view: { kind: 'all' }, search: text, searchMode: 'words' });
  }

  private setSearchMode(mode: SearchMode, text: string): void {
    const state = this.stores.view.state;
    this.stores.view.set({ searchMode: mode, search: text, ...(isAiView(state.view) ? { view: { kind: 'all' as const } } : {}) });
  }

  /** "Find similar" (inspector, viewer): a view of the items most like this one; back returns. */
  private findSimilar(id: string): void {
    if (this.viewerOpen) this.closeViewer();
    this.stores.view.set({ view: { kind: 'similar', id }, search: '' });
    this.drawer = null;
  }

  /** A picture dropped on the search box: a view of the items most like it. */
  private searchImage(base64: string): void {
    this.stores.view.set({ view: { kind: 'image', id: keepDroppedImage(base64) }, search: '' });
  }

  /** Puts the keyboard focus on the grid's focused cell once the current listing has loaded. */
  private async focusResults(): Promise<void> {
    await this.updateComplete;
    while (this.stores.results.loading) await new Promise((resolve) => setTimeout(resolve, 30));
    this.grid?.focusIndex(Math.min(this.stores.selection.focus, this.stores.results.total - 1));
  }

  private async refreshItem(id: string): Promise<void> {
    try {
      const page = await this.stores.api.post('/item/get', { ids: [id], limit: 1, ...(this.stores.view.state.view.kind === 'trash' ? { isDeleted: true } : {}) });
      this.stores.results.replace(wholeItems<Item>(page).data);
      void this.stores.sidebar.load();
    } catch (error) {
      this.stores.toasts.error(error);
    }
  }

  /** The viewer is open while it has an item (and is registered: see panels.ts). */
  private get viewerOpen(): boolean {
    return !!this.viewer.itemId && customElements.get('item-viewer') !== undefined;
  }

  /**
   * item/open (any client can ask every tab to show an item): find it in the current view with
   * item/position, or in All items when the view leaves it out; select it, scroll to it, open it.
   */
  async showItem(id: string): Promise<void> {
    const { api, view, results, selection, toasts } = this.stores;
    try {
      await results.ready();
      let { position } = await api.post('/item/position', { ...results.listing?.params, item: id });
      if (position < 0) {
        view.set({ view: { kind: 'all' }, search: '', filters: { tags: [], folders: [] } });
        await results.ready();
        ({ position } = await api.post('/item/position', { ...results.listing?.params, item: id }));
      }
      if (position < 0) return;
      await results.ensure(position, position);
      await selection.click(position, id);
      await this.updateComplete;
      this.grid?.focusIndex(position);
      this.openViewer({ index: position, id });
    } catch (error) {
      toasts.error(error);
    }
  }

  /** folder/open: show that folder. */
  showFolder(id: string): void {
    this.setView({ kind: 'folder', id });
  }

  private openViewer(detail: GridItemEvent): void {
    // Until <item-viewer> is registered, Enter falls back to the quick preview.
    if (!customElements.get('item-viewer')) return this.preview(detail);
    this.viewer.itemId = detail.id;
    this.viewerPlace.moveTo(detail.index);
    // The item on screen is the one the inspector shows (Enter on a focused but unselected cell).
    if (!this.stores.selection.has(detail.index, detail.id)) void this.stores.selection.click(detail.index, detail.id);
    this.requestUpdate();
  }

  private closeViewer(): void {
    this.viewerTarget = null;
    this.viewer.itemId = null;
    this.requestUpdate();
    this.grid?.focusIndex(this.stores.selection.focus);
  }

  private async navigateViewer(direction: -1 | 1): Promise<void> {
    const { results, selection } = this.stores;
    const current = this.viewer.itemId as string | null;
    if (!current) return;
    const index = this.viewerTarget !== null ? this.viewerTarget + direction : this.viewerPlace.step(results.indexOfLoaded(current), direction);
    if (index < 0 || index >= results.total) return;
    this.viewerTarget = index;
    const item = await results.itemAtLoaded(index);
    // A later press (or closing the viewer) overtook this one while the page loaded.
    if (this.viewerTarget !== index) return;
    this.viewerTarget = null;
    if (!item) return;
    if (item.id === current) {
      // Not gone after all, only its ids were not held (a refresh read other windows again): step on from it.
      this.viewerTarget = index;
      return this.navigateViewer(direction);
    }
    this.viewer.itemId = item.id;
    this.viewerPlace.moveTo(index);
    await selection.click(index, item.id);
    this.grid?.focusIndex(index, { focus: false });
  }

  /**
   * Restore pressed in the viewer (the Trash). The viewer tells how it went, and moves on, as a photo
   * app's Recently Deleted does, to the item now in the restored one's place (the one before it at the
   * Trash's end): the restored one has left the Trash. Restoring the Trash's last item closes it first.
   */
  private async restoreFromViewer(id: string): Promise<void> {
    const { results } = this.stores;
    if (this.viewerRestoring === id) return;
    if (results.total === 1 && results.indexOfLoaded(id) === 0) {
      // Nothing would be left to show: the page's toast, no longer behind the dialog, tells how it went.
      this.closeViewer();
      await this.actions.restore([id], true);
      return;
    }
    const viewer = this.viewer as unknown as ItemViewer;
    this.viewerRestoring = id;
    try {
      if (!(await this.actions.restore([id], true, viewer.notices)) || this.viewer.itemId !== id) return;
      // A view that lists it restored too: show it as it is now.
      if (results.indexOfLoaded(id) >= 0) return void (await viewer.load());
      if (!results.total) return this.closeViewer();
      await this.navigateViewer(this.viewerPlace.ends(-1, results.total).hasNext ? 1 : -1);
    } finally {
      this.viewerRestoring = null;
    }
  }

  /** Previous/Next are offered only where the listing goes on. */
  private syncViewerEnds(): void {
    const { results } = this.stores;
    const id = this.viewer.itemId as string | null;
    if (!id) return;
    Object.assign(this.viewer, this.viewerPlace.ends(results.indexOfLoaded(id), results.total));
  }

  private preview(detail: GridItemEvent): void {
    const item = this.stores.results.itemAt(detail.index);
    if (item) this.querySelector<QuickLook>('quick-look')?.show(item);
  }

  /** Deletes pressed while a trash runs wait for it (trash-selection events). */
  private readonly trashes = new InTurn();

  private queueTrash(): void {
    if (!writable(this.stores)) return;
    this.trashes.run(() => this.trashSelection()).catch((error: unknown) => this.stores.toasts.error(error));
  }

  private async trashSelection(): Promise<void> {
    // Its turn: the focused item when nothing is selected (the last trash moved the focus on to the next one).
    await this.grid?.selectFocusedIfNone();
    // In the Trash, Delete deletes for good (after asking).
    if (this.stores.view.state.view.kind === 'trash') return this.refocusAfter(this.withSelection((ids) => this.actions.deleteForGood(ids)));
    const focus = await this.actions.trashSelection();
    if (focus !== undefined) this.grid?.focusIndex(focus);
  }

  /**
   * After items left the Trash (restored, deleted for good), the control that had the keyboard may
   * be gone with them: the inspector's Restore, the last cell. The focus then goes to the grid, at
   * the same place clamped to its new end, when it was in the grid or was lost; not under a viewer.
   */
  private async refocusAfter(work: Promise<unknown>): Promise<void> {
    const inGrid = this.grid?.matches(':focus-within') === true;
    await work;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (this.viewerOpen || !(inGrid || lost)) return;
    const { selection, results } = this.stores;
    const at = Math.min(selection.focus, results.total - 1);
    if (at < 0) return;
    if (at !== selection.focus) selection.moveFocus(at);
    this.grid?.focusIndex(at);
  }

  /** The Trash's item menu; other views have none (the browser's shows). */
  private itemMenu(event: CustomEvent<{ x: number; y: number; cell: HTMLElement }>): void {
    if (this.stores.view.state.view.kind !== 'trash') return;
    event.preventDefault();
    const { x, y, cell } = event.detail;
    openItemMenu('Trashed items', [
      { label: 'Restore', run: () => void this.refocusAfter(this.withSelection((ids) => this.actions.restore(ids, true))) },
      { label: 'Delete for good…', run: () => void this.refocusAfter(this.withSelection((ids) => this.actions.deleteForGood(ids))) },
    ], { x, y }, cell);
  }

  private togglePanel(panel: 'sidebar' | 'inspector'): void {
    if (this.phone.matches) {
      this.drawer = this.drawer === panel ? null : panel;
      return;
    }
    const key = panel === 'sidebar' ? 'sidebarOpen' : 'inspectorOpen';
    this.stores.prefs.update({ [key]: !this.stores.prefs.prefs[key] });
  }

  protected override firstUpdated(): void {
    this.dock?.attachTo(this.querySelector<HTMLElement>('main.content')!);
  }

  protected override updated(): void {
    const { selection, library } = this.stores;
    document.title = library.current ? `${library.current.name} · Offline Asset Library` : 'Offline Asset Library';
    this.inspector.itemId = selection.single;
    this.inspector.selectionCount = selection.count;
    this.inspector.readOnly = library.readOnly;
    this.viewer.readOnly = library.readOnly;
    this.bulk.sync();
    this.syncViewerEnds();
  }

  private content() {
    if (this.startError !== null) {
      return html`<section class="start-failed" role="alert" aria-labelledby="start-failed-title">
        <h2 id="start-failed-title">The library could not start</h2>
        <p>${this.startError}</p>
        <button class="btn primary" @click=${() => location.reload()}>Reload</button>
      </section>`;
    }
    const { view, results, sidebar, selection, prefs, library } = this.stores;
    const state = view.state;
    // A published library offers no import: an empty one just says so (its items may still be arriving).
    const emptyLibrary = !library.readOnly && !results.loading && results.total === 0 && sidebar.counts.all === 0 && !state.search && !hasFilters(state.filters) && state.view.kind === 'all';
    if (emptyLibrary) {
      return html`<first-run .libraryName=${library.current?.name ?? ''} @import-requested=${() => this.dock?.pickFiles()}
        @restore-prepare=${() => this.transferMenu?.prepare()}
        @restore-requested=${(e: CustomEvent<RestoreSource['id']>) => void this.transferMenu?.open(e.detail === 'eagle-zip' ? 'zip' : 'folder', e.detail === 'backup-folder' ? 'new' : 'current')}></first-run>`;
    }
    const emptyText = state.search && isQueryError(results.error)
      ? `The search cannot be read: ${searchErrorText(results.error)}`
      : results.message
      ? forPeople(results.message)
      : isAiView(state.view)
        ? 'Nothing like it was found (items are compared once their thumbnails are made).'
        : state.search || hasFilters(state.filters)
          ? 'No items match the search and filters.'
          : state.view.kind === 'trash'
            ? 'The trash is empty.'
            : library.readOnly
              ? 'No items yet: a published library shows its items as they arrive.'
              : 'Nothing here yet.';
    return html`<item-grid .results=${results} .selection=${selection} .thumbSize=${prefs.prefs.thumbSize} .emptyText=${emptyText} ?thumbnailsOnly=${library.readOnly}
      @open-item=${(e: CustomEvent<GridItemEvent>) => this.openViewer(e.detail)}
      @preview-item=${(e: CustomEvent<GridItemEvent>) => this.preview(e.detail)}
      @trash-selection=${() => this.queueTrash()}
      @item-menu=${(e: CustomEvent<{ x: number; y: number; cell: HTMLElement }>) => this.itemMenu(e)}
      @rate-selection=${(e: CustomEvent<number>) => writable(this.stores) && void this.actions.rateSelection(e.detail)}></item-grid>`;
  }

  override render() {
    const { prefs, sidebar, view, results, selection } = this.stores;
    const p = prefs.prefs;
    const phone = this.phone.matches;
    const columns = phone ? '1fr' : `${p.sidebarOpen ? `${p.sidebarWidth}px 4px` : ''} minmax(0, 1fr) ${p.inspectorOpen ? `4px ${p.inspectorWidth}px` : ''}`;
    const sidebarShown = phone ? this.drawer === 'sidebar' : p.sidebarOpen;
    const inspectorShown = phone ? this.drawer === 'inspector' : p.inspectorOpen;
    return html`<div class="app" data-drawer=${this.drawer ?? nothing}>
      <app-header .stores=${this.stores} .sidebarShown=${sidebarShown} .inspectorShown=${inspectorShown}
        @search-changed=${(e: CustomEvent<string>) => this.setSearch(e.detail)}
        @search-mode-changed=${(e: CustomEvent<{ mode: SearchMode; text: string }>) => this.setSearchMode(e.detail.mode, e.detail.text)}
        @search-image=${(e: CustomEvent<string>) => this.searchImage(e.detail)}
        @focus-results=${() => void this.focusResults()}
        @toggle-panel=${(e: CustomEvent<'sidebar' | 'inspector'>) => this.togglePanel(e.detail)}
        @show-help=${() => this.querySelector<ShortcutHelp>('shortcut-help')?.open()}
        @import-toggle=${() => this.dock?.toggle()}></app-header>
      <div class="workspace" style="grid-template-columns:${columns}">
        ${phone || p.sidebarOpen
          ? html`<aside id="sidebar" class="sidebar panel" aria-label="Sidebar" ?data-open=${this.drawer === 'sidebar'} ?inert=${phone && this.drawer !== 'sidebar'}>
                <side-bar .store=${sidebar} ?readOnly=${this.stores.library.readOnly} .jobs=${this.folderActions} .current=${view.state.view} @view-selected=${(e: CustomEvent<View>) => this.setView(e.detail)}></side-bar>
              </aside>
              ${phone ? nothing : html`<panel-splitter side="left" label="Resize the sidebar" .width=${p.sidebarWidth} @panel-resize=${(e: CustomEvent<number>) => prefs.update({ sidebarWidth: e.detail })}></panel-splitter>`}`
          : nothing}
        <main class="content" aria-label="Items"><grid-toolbar .stores=${this.stores}></grid-toolbar>${this.content()}</main>
        ${phone || p.inspectorOpen
          ? html`${phone ? nothing : html`<panel-splitter side="right" label="Resize the inspector" .width=${p.inspectorWidth} @panel-resize=${(e: CustomEvent<number>) => prefs.update({ inspectorWidth: e.detail })}></panel-splitter>`}
              <aside id="inspector-panel" class="inspector panel" aria-label="Inspector" ?data-open=${this.drawer === 'inspector'} ?inert=${phone && this.drawer !== 'inspector'}>
                ${this.bulk.wanted && !this.stores.library.readOnly ? this.bulk.element : this.inspector}
              </aside>`
          : nothing}
        ${this.drawer ? html`<div class="drawer-backdrop" @click=${() => (this.drawer = null)}></div>` : nothing}
      </div>
      <status-bar .backup=${this.stores.backup} .aiStatus=${this.stores.aiProgress.status} .sync=${this.stores.sync.status} .publishedLoad=${this.stores.library.current?.loading ?? null} .total=${results.loading ? null : results.total} .selected=${selection.count} .apiState=${this.startError === null ? this.apiState : 'error'} .apiText=${this.startError === null ? this.apiText : `API not available: ${this.startError}`}></status-bar>
      ${this.viewer}
      <import-dock id="import-dock" .stores=${this.stores}></import-dock>
      <sidebar-dialogs .stores=${this.stores} @view-selected=${(e: CustomEvent<View>) => this.setView(e.detail)}></sidebar-dialogs>
      ${this.folderDialog.element}
      <quick-look></quick-look>
      <shortcut-help></shortcut-help>
      <toast-stack .store=${this.stores.toasts}></toast-stack>
    </div>`;
  }
}
customElements.define('app-shell', AppShell);
