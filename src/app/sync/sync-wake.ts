/**
 * Wakes the sync loop (./sync-loop.ts) when this device changes something a cycle sends: the
 * worker's change feed (`GET /api/v2/events`, ../change-stream.ts) announces every committed
 * write, so an edit made in any tab is pushed at once instead of at the loop's next period.
 * Selections and openings change no document and wake nothing; neither do import or AI progress.
 */
import { apiUrl } from '../api-client';
import { listenToChanges, type HeardChange } from '../change-stream';
import type { WakeSource } from './sync-loop';

const QUIET_ACTIONS = new Set(['selected', 'opened']);
const SYNCED_KINDS = new Set<HeardChange['kind']>(['item', 'folder', 'smartFolder', 'tag', 'tagGroup']);

export const wakesSync = (change: HeardChange): boolean => SYNCED_KINDS.has(change.kind) && !QUIET_ACTIONS.has(change.action);

/** A wake source on this page's change stream. */
export function wakeOnLocalChanges(): WakeSource {
  return (wake) => {
    const stream = listenToChanges({ onChange: (change) => wakesSync(change) && wake(), onResync: wake, url: apiUrl('/events') });
    return () => stream.close();
  };
}
