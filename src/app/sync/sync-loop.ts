/**
 * Drives sync while a page of the app is open: the service worker cannot hold a live replication
 * (the browser stops it when idle), so the page asks for one short cycle (`POST sync/run`) after
 * another. A library that does not sync costs one status read per period. When the server does not
 * answer, cycles space out. With no page open, nothing runs and the status says `waiting`; the
 * next page to open resumes from the replica's checkpoints (docs/decisions/sync.md).
 * Every status it reads goes to the shared store (./sync-status-store.ts), also while a long
 * cycle (a first pull) runs, so the status bar shows its progress.
 */
import type { SyncStatus } from '../api-types';
import type { ApiPort } from '../state/api-port';
import type { SyncStatusStore } from './sync-status-store';

export interface SyncLoopOptions {
  /** Pause between cycles (ms); also how often the status is read while a cycle runs. */
  periodMs?: number;
  /** Pause after a cycle that found the server offline or failing (ms). */
  retryMs?: number;
  /** Pause while the library does not sync (ms). */
  idleMs?: number;
  /** Where each status read goes. */
  store?: SyncStatusStore;
}

/** Starts the loop; returns the function that stops it. */
export function startSyncLoop(api: ApiPort, options: SyncLoopOptions = {}): () => void {
  const { periodMs = 1000, retryMs = 10_000, idleMs = 5000, store } = options;
  let stopped = false;
  let busy = false;
  /** A wake-up came while a cycle ran: the next one starts without a pause. */
  let woken = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const publish = (status: SyncStatus) => {
    if (!stopped) store?.publish(status);
    return status;
  };
  const next = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void cycle(), woken ? 0 : ms);
    woken = false;
  };
  const run = async (): Promise<SyncStatus> => {
    const running = api.post<SyncStatus>('/sync/run', {});
    // A read made during the cycle that answers after it would show the cycle as still running.
    let answered = false;
    const watch = setInterval(() => void api.get<SyncStatus>('/sync/status').then((status) => answered || publish(status), () => {}), periodMs);
    try {
      const status = await running;
      answered = true;
      return publish(status);
    } finally {
      answered = true;
      clearInterval(watch);
    }
  };
  const cycle = async () => {
    if (busy) return;
    busy = true;
    try {
      const status = publish(await api.get<SyncStatus>('/sync/status'));
      if (status.state === 'off') return next(idleMs);
      const after = await run();
      next(after.state === 'offline' || after.state === 'error' ? retryMs : periodMs);
    } catch {
      next(retryMs);
    } finally {
      busy = false;
    }
  };
  store?.driveWith(() => {
    if (busy) woken = true;
    else next(0);
  });
  void cycle();
  return () => {
    stopped = true;
    clearTimeout(timer);
    store?.driveWith(undefined);
  };
}
