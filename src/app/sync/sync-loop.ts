/**
 * Drives sync while a page of the app is open: the service worker cannot hold a live replication
 * (the browser stops it when idle), so the page asks for one short cycle (`POST sync/run`) after
 * another. A library that does not sync costs one status read per period. When the server does not
 * answer, cycles space out. With no page open, nothing runs and the status says `waiting`; the
 * next page to open resumes from the replica's checkpoints (docs/decisions/sync.md).
 * Every status it reads goes to the shared store (./sync-status-store.ts), also while a long
 * cycle (a first pull) runs, so the status bar shows its progress.
 * Cycles also start soon after something happens: `wakeOn` sources (an edit on this device,
 * ./sync-wake.ts; new documents on the server, `sync/watch`) call `wake`, and a short pause lets a
 * burst of them make one cycle. The period stays as the fallback. The sources listen only while the
 * last status read says the library syncs: a library that does not sync keeps no stream open for
 * them, and its edits cost no status read.
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
  /** What wakes the loop for a cycle soon: each source gets `wake` and returns its own stop. */
  wakeOn?: readonly WakeSource[];
  /** Pause between a wake-up and its cycle, so a burst of changes makes one cycle (ms). */
  debounceMs?: number;
  /** Hold a `sync/watch` request open, to wake when the server has new documents (default: on). */
  watchServer?: boolean;
}

/** Calls `wake` whenever a cycle is worth running; returns the function that stops it. */
export type WakeSource = (wake: () => void) => () => void;

/** How often, at most, a running cycle's status is read for its progress (ms). */
const PROGRESS_EVERY_MS = 1000;

/** Starts the loop; returns the function that stops it. */
export function startSyncLoop(api: ApiPort, options: SyncLoopOptions = {}): () => void {
  const { periodMs = 1000, retryMs = 10_000, idleMs = 5000, store, wakeOn = [], debounceMs = 50, watchServer = true } = options;
  let stopped = false;
  let busy = false;
  /** A wake-up came while a cycle ran: the next one starts without a pause. */
  let woken = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The last status read: whether the server is worth watching. */
  let last: SyncStatus | undefined;
  let cycleEnded = () => {};
  const nextCycleEnd = () => new Promise<void>((ended) => (cycleEnded = ended));
  /** The stops of the wake sources while they listen (the library syncs), else undefined. */
  let listening: (() => void)[] | undefined;
  const listen = (syncs: boolean) => {
    if (syncs && !listening && !stopped) listening = wakeOn.map((source) => source(() => wakeAfter(debounceMs)));
    if (!syncs && listening) {
      for (const stop of listening) stop();
      listening = undefined;
    }
  };
  const publish = (status: SyncStatus) => {
    last = status;
    listen(status.state !== 'off');
    if (!stopped) store?.publish(status);
    return status;
  };
  const next = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void cycle(), woken ? 0 : ms);
    woken = false;
  };
  const run = async (): Promise<SyncStatus> => {
    const running = api.post('/sync/run', {});
    // A read made during the cycle that answers after it would show the cycle as still running.
    let answered = false;
    // Progress is for long cycles (a first pull): a short one, woken by an edit, does not flicker as active.
    const watch = setInterval(() => void api.get('/sync/status').then((status) => answered || publish(status), () => {}), Math.max(periodMs, PROGRESS_EVERY_MS));
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
      const status = publish(await api.get('/sync/status'));
      if (status.state === 'off') return next(idleMs);
      const after = await run();
      next(after.state === 'offline' || after.state === 'error' ? retryMs : periodMs);
    } catch {
      next(retryMs);
    } finally {
      busy = false;
      cycleEnded();
    }
  };
  const wakeAfter = (ms: number) => {
    if (stopped) return;
    if (busy) woken = true;
    else next(ms);
  };
  store?.driveWith(() => wakeAfter(0));
  if (watchServer) {
    void watchTheServer(api, {
      stopped: () => stopped,
      // Only a library that synced and whose server answers: else the period (or the retry) drives it.
      watchable: () => Boolean(last && last.lastSyncedAt !== null && (last.state === 'idle' || last.state === 'active' || last.state === 'waiting')),
      wake: () => wakeAfter(debounceMs),
      cycled: nextCycleEnd,
      pauseMs: periodMs,
      retryMs,
    });
  }
  void cycle();
  return () => {
    stopped = true;
    clearTimeout(timer);
    store?.driveWith(undefined);
    listen(false);
  };
}

interface Watching {
  stopped: () => boolean;
  watchable: () => boolean;
  wake: () => void;
  /** Resolves when the next cycle has ended. */
  cycled: () => Promise<void>;
  /** Pause when there is nothing to watch, or after a watch that saw nothing. */
  pauseMs: number;
  /** Pause after a failed watch. */
  retryMs: number;
}

const pause = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/**
 * Holds one `sync/watch` request open at a time (the worker long-polls the server's change feed
 * from where the last cycle's pull stopped) and wakes the loop when it saw new documents.
 */
async function watchTheServer(api: ApiPort, { stopped, watchable, wake, cycled, pauseMs, retryMs }: Watching): Promise<void> {
  while (!stopped()) {
    if (!watchable()) {
      await pause(pauseMs);
      continue;
    }
    try {
      const asked = Date.now();
      const { changed } = await api.post('/sync/watch', {});
      if (stopped()) return;
      // A watch that waited its full time asks again at once; one answered at once (nothing to watch) waits.
      if (!changed) await pause(Math.max(0, pauseMs - (Date.now() - asked)));
      else {
        // The cycle it wakes moves the position the next watch starts from.
        const ended = cycled();
        wake();
        await Promise.race([ended, pause(retryMs)]);
      }
    } catch {
      await pause(retryMs);
    }
  }
}
