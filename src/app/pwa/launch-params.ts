/**
 * What the address asked of the app when the system opened it: the result of a share the service
 * worker took (`share-added`, `share-failed`: src/sw/share-target.ts) or a manifest shortcut
 * (`action`). Read once at start and taken out of the address, so a reload or a bookmark does not
 * show the share's toast again, and the view's own parameters stay as they were.
 */

export type LaunchAction = 'import' | 'search' | 'capture';

export interface LaunchParams {
  /** Ids of the items a share added. */
  shared: string[];
  /** Why a share was refused (nothing of it was kept). */
  shareFailed?: string;
  action?: LaunchAction;
}

const KEYS = ['share-added', 'share-failed', 'action'] as const;
const ACTIONS: readonly LaunchAction[] = ['import', 'search', 'capture'];

export function readLaunchParams(search: string): LaunchParams {
  const params = new URLSearchParams(search);
  const shared = (params.get('share-added') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  const failed = params.get('share-failed')?.trim();
  const action = params.get('action') as LaunchAction | null;
  return { shared, ...(failed ? { shareFailed: failed } : {}), ...(action && ACTIONS.includes(action) ? { action } : {}) };
}

/** The address without the launch's parameters ('' when none is left). */
export function withoutLaunchParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of KEYS) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Reads the launch's parameters and takes them out of the address bar. */
export function takeLaunchParams(): LaunchParams {
  const taken = readLaunchParams(location.search);
  const rest = withoutLaunchParams(location.search);
  if (rest !== location.search) history.replaceState(history.state, '', `${location.pathname}${rest}${location.hash}`);
  return taken;
}
