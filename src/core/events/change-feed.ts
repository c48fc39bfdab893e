/**
 * The change feed: every change to any library is published here once it is stored, and every
 * subscriber (each open `/api/v2/events` stream) hears it. It holds nothing: a subscriber that was
 * not listening missed the change and re-reads instead. (Which items a write changed is also kept,
 * by sequence, in the library: ../storage/change-log.ts.)
 *
 * Two ways in, one for each situation:
 * - inside a write transaction, `announce()` (./transaction-changes.ts): held until the transaction
 *   commits, dropped if it fails. Item rows, folders, tags, tag groups, smart folders and comments
 *   are announced for you (./item-changes.observer.ts, ./table-watch.ts).
 * - outside one (a library switch, an import's or the AI index's progress), `publish()` directly,
 *   from `ctx.changes` in a handler or `api.changes` in background work, e.g.
 *   `changes.publish({ kind: 'import', action: 'progress', ids: [importId], details: { done, total }, library: path })`.
 * New actions are declared in ./change.ts (ChangeActions) and listed in docs/api-extensions.md#change-feed.
 */
import type { ChangeEvent } from './change';

export type ChangeListener = (event: ChangeEvent) => void;

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();

  publish(event: ChangeEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken subscriber must not keep the change from the others.
        console.error('[changes]', error);
      }
    }
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * This worker is handing over to a new one (an accepted update): end every open stream and take
   * no new one. Chromium activates the new worker only once the old one holds no request, and an
   * open stream is a request held for ever. Tabs reconnect to the new worker and re-read.
   */
  handOver(): void {
    this.handingOver = true;
    for (const end of [...this.enders]) {
      try {
        end();
      } catch (error) {
        // One stream that fails to end must not keep the others open (they would hold the new worker).
        console.error('[changes]', error);
      }
    }
  }

  /** True once handOver() was called; memory only, like the streams it ends. */
  handingOver = false;

  /** Registers how to end one open stream; returns the unregister function. */
  onHandOver(end: () => void): () => void {
    this.enders.add(end);
    return () => this.enders.delete(end);
  }

  private readonly enders = new Set<() => void>();

  get subscriberCount(): number {
    return this.listeners.size;
  }
}
