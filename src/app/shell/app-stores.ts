/**
 * Every store of the app, made once and wired together: a new view state loads a new listing and
 * resets the selection; the selection's ranges come from the listing; errors become toasts.
 */
import { isAiListing } from '../ai/ai-listing';
import { AiProgress, indexingFinished, type SyncStatus } from '../ai/ai-progress';
import { ItemNames } from '../ai/item-names';
import { ApiClient } from '../api-client';
import { ResultStore } from '../grid/result-store';
import { PrefsStore } from '../prefs/prefs-store';
import { listingOf, sameListing } from '../search/listing';
import { defaultViewState } from '../search/view-state';
import { browserHistory, ViewStore } from '../search/view-store';
import { SelectionStore } from '../selection/selection-store';
import { SidebarStore } from '../sidebar/sidebar-store';
import { ToastStore } from '../toasts/toast-store';
import { SyncStatusStore } from '../sync/sync-status-store';
import { BackupStore } from '../backup/backup-store';
import { LibraryStore } from './library-store';

export class AppStores {
  readonly api = new ApiClient();
  readonly toasts = new ToastStore();
  readonly prefs = new PrefsStore();
  readonly view = new ViewStore(browserHistory, () => defaultViewState(this.prefs.prefs.sort, newSeed()));
  readonly results = new ResultStore(this.api, (error) => this.resultError(error));
  readonly selection = new SelectionStore(this.results, (body) => this.api.post('/item/select', body), (error) => this.toasts.error(error));
  readonly library = new LibraryStore(this.api);
  readonly sidebar = new SidebarStore(this.api, (error) => this.toasts.error(error));
  readonly itemNames = new ItemNames(this.api);
  readonly aiProgress = new AiProgress(this.api);
  /** Filled by the page's sync loop (main.ts, ../sync/sync-loop.ts). */
  readonly sync = new SyncStatusStore();
  /** Filled by the page's backup loop (main.ts, ../backup/backup-loop.ts). */
  readonly backup = new BackupStore(() => this.library.current?.path);

  constructor() {
    this.view.subscribe(() => void this.showView());
    // An AI search answered while indexing ran covers only what was indexed then: ask again once it ends.
    let before: SyncStatus | null = null;
    this.aiProgress.subscribe(() => {
      const after = this.aiProgress.status;
      if (indexingFinished(before, after) && isAiListing(this.results.listing)) void this.results.refresh();
      before = after;
    });
  }

  /** Loads everything for the open library (at start and after a library switch). */
  async loadAll(): Promise<void> {
    await Promise.all([this.library.load(), this.sidebar.load(), this.showView(true)]);
  }

  /** Another library is open: its folders and tags are not this one's, so start from All. */
  async libraryChanged(): Promise<void> {
    // The sync loop reads the new library's status now: its wake-ups listen only while that library syncs.
    this.sync.wakeUp();
    this.view.set({ view: { kind: 'all' }, search: '', filters: { tags: [], folders: [] } });
    await this.loadAll();
  }

  /** Loads the listing of the current view state unless it is already shown. */
  async showView(force = false): Promise<void> {
    const listing = listingOf(this.view.state);
    if (!force && this.results.listing && sameListing(listing, this.results.listing)) return;
    this.selection.reset();
    // Asked when an AI search starts (its first use downloads the models: "Preparing AI search")
    // and again when it is answered (it may have started indexing that ends before the next poll).
    if (isAiListing(listing)) this.aiProgress.nudge();
    await this.results.load(listing);
    if (isAiListing(listing)) this.aiProgress.nudge();
  }

  /** A search's syntax error shows under the search box, not as a toast. */
  private resultError(error: unknown): void {
    if (this.view.state.search && isQueryError(error)) return;
    this.toasts.error(error);
  }
}

export function isQueryError(error: unknown): boolean {
  return error instanceof Error && /(^|: )query: /.test(error.message);
}

export const newSeed = () => Math.floor(Math.random() * 2 ** 31);
