/** The open library (name, path), the libraries opened before, and switching, creating, renaming or deleting one. */
import type { Page, PublishedLoad } from '../api-types';
import type { ApiPort } from '../state/api-port';
import { NewestAnswer } from '../state/newest-answer';
import { Store } from '../state/store';
import { isVisitorFrame } from '../visitor-frame';

export interface LibraryEntry {
  name: string;
  path: string;
  /** A published library (library/history says so): it keeps its publisher's name, marked by an icon. */
  readOnly?: boolean;
}

/** The open library; `readOnly` for one opened from a published library (its writes answer 403 READ_ONLY). */
export interface CurrentLibrary extends LibraryEntry {
  readOnly: boolean;
  /** The published library's URL, for a read-only library. */
  publishedFrom?: string;
  /** A published library's first load under way. */
  loading?: PublishedLoad;
}

/** A published library is asked for a new version when it is opened, and at most this often while the page is used. */
const RECHECK_MS = 60_000;

export class LibraryStore extends Store {
  current: CurrentLibrary | null = null;
  history: LibraryEntry[] = [];
  readonly visitor = isVisitorFrame();
  private readonly answers = new NewestAnswer();
  /** When each published library was last asked for a new version (path → ms). */
  private readonly checked = new Map<string, number>();
  private justSubscribed: string | null = null;
  /** Switches asked so far: a subscribe that ends after another switch does not switch back. */
  private switches = 0;

  /** Whether the open library refuses writes: the app offers no editing then. */
  get readOnly(): boolean {
    return this.current?.readOnly === true;
  }

  constructor(private readonly api: ApiPort) {
    super();
    // A page that comes back (another tab, the network again) looks for a newer published version.
    if (typeof window === 'undefined') return;
    window.addEventListener('online', () => this.checkPublished(RECHECK_MS));
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && this.checkPublished(RECHECK_MS));
  }

  async load(): Promise<void> {
    const ticket = this.answers.ticket();
    const [info, history] = await Promise.all([
      this.api.get('/library/info'),
      this.api.get('/library/history', { limit: 100 }),
    ]);
    if (!this.answers.keep(ticket)) return; // a switch elsewhere answered a newer load already
    const opened = this.current?.path !== info.path;
    this.current = { name: info.name, path: info.path, readOnly: info.readOnly === true, publishedFrom: info.publishedFrom, loading: info.loading };
    this.history = history.data;
    this.changed();
    const askedNow = this.justSubscribed === info.path;
    if (opened) this.justSubscribed = null;
    this.checkPublished(opened && !askedNow ? 0 : RECHECK_MS);
  }

  /** The open library's published load moved on (`library loading` and `loaded` events): undefined once done. */
  setLoading(loading: PublishedLoad | undefined): void {
    if (!this.current) return;
    this.current = { ...this.current, loading };
    this.changed();
  }

  /**
   * Subscribing again to a published library takes its new version, if the owner published one:
   * only the changed shards, stored whole or not at all; items arrive through the change feed.
   * Offline, or with the host down, the library stays as it is.
   */
  private checkPublished(notWithinMs: number): void {
    const current = this.current;
    if (!current?.publishedFrom) return;
    const now = Date.now();
    if (now - (this.checked.get(current.path) ?? -Infinity) < notWithinMs) return;
    this.checked.set(current.path, now);
    this.api.post('/library/subscribe', { url: current.publishedFrom }).catch(() => undefined);
  }

  async switchTo(path: string): Promise<void> {
    this.switches += 1;
    await this.api.post('/library/switch', { libraryPath: path });
    await this.load();
  }

  /**
   * Opens a published library from its web address (read-only; again: takes its updates). Not when
   * the person chose another library while it was fetched (`opened: false`): that choice stands.
   */
  async openPublished(url: string): Promise<{ path: string; name: string; opened: boolean }> {
    const switches = this.switches;
    const subscribed = await this.api.post('/library/subscribe', { url: new URL(url, document.baseURI).href });
    this.checked.set(subscribed.path, Date.now()); // that was the check: opening it needs no other
    const { path, name } = subscribed;
    if (this.switches !== switches) return { path, name, opened: false };
    this.justSubscribed = path;
    await this.switchTo(path);
    return { path, name, opened: true };
  }

  /** Renames a library (its path stays). */
  async rename(path: string, name: string): Promise<void> {
    await this.api.post('/library/rename', { libraryPath: path, name });
    await this.load();
  }

  /** Deletes a library and everything in it; deleting the open one opens the most recent other one. */
  async remove(path: string): Promise<void> {
    await this.api.post('/library/remove', { libraryPath: path });
    await this.load();
  }

  /** Creates a library and opens it. */
  async create(name: string): Promise<void> {
    const created = await this.api.post('/library/create', { name });
    await this.switchTo(created.path);
  }
}
