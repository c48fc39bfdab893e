/**
 * Drives sync while a page of the app is open: the service worker cannot hold a live replication
 * (the browser stops it when idle), so the page asks for one short cycle (`POST sync/run`) after
 * another. A library that does not sync costs one status read per period. When the server does not
 * answer, cycles space out. With no page open, nothing runs and the status says `waiting`; the
 * next page to open resumes from the replica's checkpoints (docs/decisions/sync.md).
 */
import type { ApiPort } from '../state/api-port';

interface Status {
  state: string;
}

export interface SyncLoopOptions {
  /** Pause between cycles (ms). */
  periodMs?: number;
  /** Pause after a cycle that found the server offline or failing (ms). */
  retryMs?: number;
  /** Pause while the library does not sync (ms). */
  idleMs?: number;
}

/** Starts the loop; returns the function that stops it. */
export function startSyncLoop(api: ApiPort, options: SyncLoopOptions = {}): () => void {
  const { periodMs = 1000, retryMs = 10_000, idleMs = 5000 } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = (ms: number) => {
    if (!stopped) timer = setTimeout(() => void cycle(), ms);
  };
  const cycle = async () => {
    try {
      const status = await api.get<Status>('/sync/status');
      if (status.state === 'off') return next(idleMs);
      const after = await api.post<Status>('/sync/run', {});
      next(after.state === 'offline' || after.state === 'error' ? retryMs : periodMs);
    } catch {
      next(retryMs);
    }
  };
  void cycle();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
