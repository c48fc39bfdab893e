/** The open library (name, path), the libraries opened before, and switching, creating, renaming or deleting one. */
import type { Page } from '../api-types';
import type { ApiPort } from '../state/api-port';
import { NewestAnswer } from '../state/newest-answer';
import { Store } from '../state/store';

export interface LibraryEntry {
  name: string;
  path: string;
}

export class LibraryStore extends Store {
  current: LibraryEntry | null = null;
  history: LibraryEntry[] = [];
  private readonly answers = new NewestAnswer();

  constructor(private readonly api: ApiPort) {
    super();
  }

  async load(): Promise<void> {
    const ticket = this.answers.ticket();
    const [info, history] = await Promise.all([
      this.api.get<LibraryEntry>('/library/info'),
      this.api.get<Page<LibraryEntry>>('/library/history', { limit: 100 }),
    ]);
    if (!this.answers.keep(ticket)) return; // a switch elsewhere answered a newer load already
    this.current = { name: info.name, path: info.path };
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
