/**
 * The current library's sync status, shared by what shows it (the status bar, the Sync… dialog).
 * One reader fills it: the page loop (./sync-loop.ts), which reads sync/status every cycle anyway;
 * the dialog publishes what sync/start and sync/stop answer and asks the loop for a cycle now.
 */
import type { SyncStatus } from '../api-types';
import { Store } from '../state/store';

export class SyncStatusStore extends Store {
  status: SyncStatus | null = null;
  private wake: (() => void) | undefined;

  publish(status: SyncStatus): void {
    if (JSON.stringify(status) === JSON.stringify(this.status)) return;
    this.status = status;
    this.changed();
  }

  /** The loop that fills this store: `wakeUp` runs its next cycle now. */
  driveWith(wake: (() => void) | undefined): void {
    this.wake = wake;
  }

  /** Asks for a cycle now (sync just started: no need to wait for the loop's idle pause). */
  wakeUp(): void {
    this.wake?.();
  }
}
