/**
 * AI-search indexing progress for the status bar, from aiSearch/getSyncStatus (items of the
 * library done with every index, counted by the service worker from IndexedDB). Asked often while
 * models download or indexing runs, so the bar moves as they do, and rarely when it is idle (new
 * items start it again), never while the tab is hidden.
 */
import type { SyncStatus } from '../../core/ai-search/indexing-status';
import type { ApiPort } from '../state/api-port';
import { Store } from '../state/store';

export type { SyncStatus };

/** A status with the share of this indexing run done (0 to 1), from its queued jobs against the most seen in the run. */
export interface AiStatus extends SyncStatus {
  share?: number;
}

// Asked twice a second while something moves, every 5 s otherwise.
const SYNCING_MS = 500;
const IDLE_MS = 5000;
/**
 * A status call reads keys of every queued job: a few milliseconds for a few thousand, seconds
 * for the jobs of 100,000 new images, in the worker every other request waits on. The next call
 * waits at least this many times the last one took, so the poll keeps a tenth of the worker at most
 * (and the bar moves at least once a minute).
 */
const WAITS_PER_CALL = 10;
const LONGEST_WAIT_MS = 60_000;

export class AiProgress extends Store {
  status: AiStatus | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  /** The most jobs queued in this indexing run (the page's own view; nothing authoritative). */
  private peakJobs = 0;

  constructor(private readonly api: ApiPort) {
    super();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.poll();
  }

  /** Asks now (an AI search was just made: it may have started indexing). */
  nudge(): void {
    if (this.running) void this.poll();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  private async poll(): Promise<void> {
    if (!this.running) return;
    let took = 0;
    if (globalThis.document?.visibilityState !== 'hidden') {
      const asked = Date.now();
      try {
        // `watch`: looking is not an AI use, so opening the app downloads no model (docs/decisions/ai-status.md).
        const answer = await this.api.get('/aiSearch/getSyncStatus', { watch: true });
        took = Date.now() - asked;
        const next = this.withShare(answer);
        if (JSON.stringify(next) !== JSON.stringify(this.status)) {
          this.status = next;
          this.changed();
        }
      } catch {
        // The worker restarting or the library switching: the next poll tells.
      }
    }
    clearTimeout(this.timer);
    const pause = this.status?.isSyncing || this.status?.preparing ? SYNCING_MS : IDLE_MS;
    if (this.running) this.timer = setTimeout(() => void this.poll(), Math.max(pause, Math.min(took * WAITS_PER_CALL, LONGEST_WAIT_MS)));
  }

  private withShare(status: SyncStatus): AiStatus {
    if (!status.isSyncing || status.queuedJobs === undefined) {
      this.peakJobs = 0;
      return status;
    }
    this.peakJobs = Math.max(this.peakJobs, status.queuedJobs);
    return { ...status, share: runShare(status.queuedJobs, this.peakJobs) };
  }
}

/** The share of a run done when `queued` jobs are left of the `peak` it had. */
export const runShare = (queued: number, peak: number): number => (peak === 0 ? 1 : (peak - queued) / peak);

const MB = 1024 * 1024;

/** "Preparing AI search: 3.1 of 12 MB" while the models download (first AI use), from the worker's byte counts. */
export function preparingText({ doneBytes, totalBytes }: NonNullable<SyncStatus['preparing']>): string {
  const mb = (bytes: number) => (bytes / MB).toFixed(1).replace(/\.0$/, '');
  return `Preparing AI search: ${mb(doneBytes)} of ${mb(totalBytes)} MB`;
}

/**
 * The status bar's words for it: items done out of the library's items, and while indexing the
 * share of the run's index jobs done (it moves while an index builds and the item count waits for the others).
 */
export function progressText(status: AiStatus): string {
  const count = (n: number) => n.toLocaleString('en');
  const items = (n: number) => `${count(n)} ${n === 1 ? 'item' : 'items'}`;
  if (!status.isSyncing) return `AI search: ${items(status.totalCount)} indexed`;
  const share = status.share === undefined ? '' : ` (${Math.floor(status.share * 100)}%)`;
  return `Indexing for AI search: ${count(status.syncedCount)} of ${items(status.totalCount)}${share}`;
}

/** True when this status ends an indexing run that `before` was in (the moment to ask an AI search again). */
export const indexingFinished = (before: SyncStatus | null, after: SyncStatus | null): boolean => Boolean(before?.isSyncing && after && !after.isSyncing);
