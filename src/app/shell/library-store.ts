/** The open library (name, path), the libraries opened before, and switching, creating, renaming or deleting one. */
import type { Page } from '../api-types';
import type { ApiPort } from '../state/api-port';
import { NewestAnswer } from '../state/newest-answer';
import { Store } from '../state/store';
import { VISITOR_FRAME } from '../visitor-frame';

export interface LibraryEntry {
  name: string;
  path: string;
}

/** The open library; `readOnly` for one opened from a published library (its writes answer 403 READ_ONLY). */
export interface CurrentLibrary extends LibraryEntry {
  readOnly: boolean;
}

export class LibraryStore extends Store {
  current: CurrentLibrary | null = null;
  history: LibraryEntry[] = [];
  readonly visitor = typeof window !== 'undefined' && window.name === VISITOR_FRAME;
  private readonly answers = new NewestAnswer();

  /** Whether the open library refuses writes: the app offers no editing then. */
  get readOnly(): boolean {
    return this.current?.readOnly === true;
  }

  constructor(private readonly api: ApiPort) {
    super();
  }

  async load(): Promise<void> {
    const ticket = this.answers.ticket();
    const [info, history] = await Promise.all([
      this.api.get<CurrentLibrary>('/library/info'),
      this.api.get<Page<LibraryEntry>>('/library/history', { limit: 100 }),
    ]);
    if (!this.answers.keep(ticket)) return; // a switch elsewhere answered a newer load already
    this.current = { name: info.name, path: info.path, readOnly: info.readOnly === true };
    this.history = history.data;
    this.changed();
  }

  async switchTo(path: string): Promise<void> {
    await this.api.post('/library/switch', { libraryPath: path });
    await this.load();
  }

  /** Opens a published library from its web address (read-only; again: takes its updates). */
  async openPublished(url: string): Promise<void> {
    const subscribed = await this.api.post<LibraryEntry>('/library/subscribe', { url: new URL(url, document.baseURI).href });
    await this.switchTo(subscribed.path);
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
    const created = await this.api.post<LibraryEntry>('/library/create', { name });
    await this.switchTo(created.path);
  }
}
