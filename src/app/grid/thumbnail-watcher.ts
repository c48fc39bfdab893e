/**
 * Swaps thumbnails in as they become ready, without a reload: while visible items still have
 * `thumbnailReady: false`, ask for just those items again every so often and put the fresh copies
 * in the result pages. (Part 2's event stream can replace the polling.)
 */
import type { Item, Page } from '../api-types';
import type { ApiPort } from '../state/api-port';
import type { ResultStore } from './result-store';

const EVERY_MS = 1500;

export class ThumbnailWatcher {
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;

  constructor(
    private readonly api: ApiPort,
    private readonly results: ResultStore,
    private readonly visible: () => { start: number; end: number },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), EVERY_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async tick(): Promise<void> {
    if (this.busy || document.hidden) return;
    const { start, end } = this.visible();
    const ids = this.results.pendingThumbnails(start, end);
    if (!ids.length) return;
    this.busy = true;
    try {
      // In the Trash, ask among trashed items (item/get leaves them out otherwise).
      const trash = this.results.listing?.params.isDeleted === true;
      const page = await this.api.post<Page<Item>>('/item/get', { ids, limit: ids.length, ...(trash ? { isDeleted: true } : {}) });
      this.results.replace(page.data.filter((item) => item.thumbnailReady !== false));
    } catch {
      // The next tick tries again; a lasting failure shows through the grid's own requests.
    } finally {
      this.busy = false;
    }
  }
}
