/**
 * AI-search indexing progress for the status bar, from aiSearch/getSyncStatus (counters the
 * service worker keeps in IndexedDB). Asked often while indexing runs and rarely when it is idle
 * (new items start it again), never while the tab is hidden.
 */
import type { ApiPort } from '../state/api-port';
import { Store } from '../state/store';

export interface SyncStatus {
  isSyncing: boolean;
  syncedCount: number;
  totalCount: number;
  progress: number;
}

const SYNCING_MS = 1000;
const IDLE_MS = 5000;

export class AiProgress extends Store {
  status: SyncStatus | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  constructor(private readonly api: ApiPort) {
    super();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.poll();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  private async poll(): Promise<void> {
    if (!this.running) return;
    if (globalThis.document?.visibilityState !== 'hidden') {
      try {
        const next = await this.api.get<SyncStatus>('/aiSearch/getSyncStatus');
        if (JSON.stringify(next) !== JSON.stringify(this.status)) {
          this.status = next;
          this.changed();
        }
      } catch {
        // The worker restarting or the library switching: the next poll tells.
      }
    }
    clearTimeout(this.timer);
    if (this.running) this.timer = setTimeout(() => void this.poll(), this.status?.isSyncing ? SYNCING_MS : IDLE_MS);
  }
}

/** The status bar's words for it: "AI index 12 / 50" while indexing, "AI index ready" when done. */
export function progressText(status: SyncStatus): string {
  const count = (n: number) => n.toLocaleString('en');
  return status.isSyncing ? `Indexing for AI search: ${count(status.syncedCount)} of ${count(status.totalCount)}` : `AI search: ${count(status.syncedCount)} indexed`;
}
