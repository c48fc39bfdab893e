/** Messages a page sends to the service worker about its lifecycle (no imports: pages use this file too). */

/** "Claim this page": a hard-reloaded page starts uncontrolled (src/app/register-sw.ts). */
export const CLAIM = 'claim';
/** "Activate now": sent to a waiting worker when a person accepts the update prompt (src/app/pwa/update-prompt.ts). */
export const SKIP_WAITING = 'skip-waiting';

export const isLifecycleMessage = (data: unknown, type: string): boolean => (data as { type?: unknown } | null)?.type === type;
