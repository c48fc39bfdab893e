/**
 * The status bar's few words for the current library's sync: "Synced", "Syncing 3", "Bringing in
 * 120 of 200" (a first pull), "Offline" or "Sync error: <the server's message>"; nothing when it does
 * not sync. `waiting` (no page drives sync) reads as the state before it: this page is one, and its
 * loop runs the next cycle.
 */
import type { SyncStatus } from '../api-types';
import { formatCount } from '../ui/format';

export interface SyncSummary {
  /** The state, for styling: `ok`, `busy`, `offline` or `error`. */
  tone: 'ok' | 'busy' | 'offline' | 'error';
  text: string;
  /** The longer line (hover, and the accessible description). */
  detail: string;
}

/** "Bringing in 120 of 200" while the first pull is under way, else null. */
export function firstPullText(status: SyncStatus): string | null {
  const pull = status.firstPull;
  return pull && pull.received < pull.total ? `Bringing in ${formatCount(pull.received)} of ${formatCount(pull.total)}` : null;
}

export function syncSummary(status: SyncStatus | null): SyncSummary | null {
  if (!status || status.state === 'off') return null;
  const server = `Syncing with ${status.url}`;
  switch (status.state) {
    case 'offline':
      return { tone: 'offline', text: 'Offline', detail: `${status.error ?? 'The server did not answer.'} Retrying.` };
    case 'error':
      return { tone: 'error', text: `Sync error: ${status.error ?? 'unknown'}`, detail: `${server}: ${status.error ?? 'unknown error'}` };
    default: {
      const busy = status.state === 'connecting' || status.state === 'active';
      const text = (busy && firstPullText(status)) || (status.pending ? `Syncing ${formatCount(status.pending)}` : busy ? 'Syncing…' : 'Synced');
      const last = status.lastSyncedAt ? `; last synced ${new Date(status.lastSyncedAt).toLocaleTimeString()}` : '';
      return { tone: text === 'Synced' ? 'ok' : 'busy', text, detail: `${server}${last}` };
    }
  }
}
