/** Messages a page sends to the service worker about its lifecycle (no imports: pages use this file too). */

/** "Claim this page": a hard-reloaded page starts uncontrolled (src/app/register-sw.ts). */
export const CLAIM = 'claim';
/** "Activate now": sent to a waiting worker when a person accepts the update prompt (src/app/pwa/update-prompt.ts). */
export const SKIP_WAITING = 'skip-waiting';

/** "A new worker is taking over": sent by the waiting worker to the active one, which ends its event streams (they would hold its activation). */
export const HAND_OVER = 'hand-over';
/**
 * "Handed over": the active worker's answer to HAND_OVER, so the waiting one stops telling. A
 * telling starts a stopped worker, and Chromium activates the new one only once the old one has
 * had no event for its idle delay (docs/decisions/update-flow.md).
 */
export const HANDED_OVER = 'handed-over';

/**
 * "Fill the rest of the precache": sent by each page that starts, with a port for the answer
 * (src/app/offline-files.ts). A first install precaches only what a start needs (src/sw/app-shell.ts).
 */
export const FILL_OFFLINE_FILES = 'fill-offline-files';

/** The answer to FILL_OFFLINE_FILES: files fetched now, and files still not cached (a failure, a full storage). */
export interface OfflineFiles {
  fetched: number;
  missing: number;
}

export const isLifecycleMessage = (data: unknown, type: string): boolean => (data as { type?: unknown } | null)?.type === type;
