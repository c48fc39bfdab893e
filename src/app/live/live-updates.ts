/**
 * Keeps what the app shows in step with every change made anywhere (another tab, a script, a
 * background job): listens to GET /api/v2/events, folds each burst into one ChangeBatch and hands
 * it to `apply` once the burst has been quiet for `delayMs` (at most `maxDelayMs` after its first
 * change, so a long import still shows progress). One batch is applied at a time; changes heard
 * meanwhile wait for the next, and the next waits at least `PAUSE_PER_APPLY` times as long as
 * the last one took: re-reading a listing of 100,000 items takes the worker about half a second,
 * and re-read after every batch of a long import it doubled that import's time. A reopened stream
 * (the worker was stopped) asks for a full re-read.
 */
import { apiUrl } from '../api-client';
import { listenToChanges, type ChangeStream, type ChangeStreamOptions } from '../change-stream';
import { ChangeBatch } from './change-batch';

export const QUIET_MS = 150;
export const MAX_DELAY_MS = 1000;
/** After a re-read that took T ms, the next waits at least this × T: re-reading keeps at most a third of the time. */
export const PAUSE_PER_APPLY = 2;
/** However long a re-read took (a machine that slept through one), changes show within this. */
const MAX_PAUSE_MS = 10_000;

export interface LiveUpdatesOptions {
  apply: (batch: ChangeBatch) => Promise<void>;
  /** The open library's path, when known: changes of other libraries are left out. */
  currentLibrary: () => string | undefined;
  /** The page works on one library whatever library is opened elsewhere (a visitor's frame): switches are left out. */
  pinned?: boolean;
  delayMs?: number;
  maxDelayMs?: number;
  /** How the stream is opened (tests pass a fake). */
  listen?: (options: ChangeStreamOptions) => ChangeStream;
  onError?: (error: unknown) => void;
}

export interface LiveUpdates {
  /** Resolves once every change heard so far has been applied (tests, and the bench). */
  settled(): Promise<void>;
  close(): void;
}

export function startLiveUpdates(options: LiveUpdatesOptions): LiveUpdates {
  const { apply, currentLibrary, pinned = false, delayMs = QUIET_MS, maxDelayMs = MAX_DELAY_MS, listen = listenToChanges, onError = () => {} } = options;
  let batch = new ChangeBatch();
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  /** No batch is applied before this time (the pause after the last one). */
  let pausedUntil = 0;

  const flush = (): void => {
    clearTimeout(quiet);
    clearTimeout(deadline);
    quiet = deadline = undefined;
    if (running || batch.empty) return; // the running batch flushes again when it ends
    const pause = pausedUntil - performance.now();
    if (pause > 0) {
      quiet = setTimeout(flush, pause);
      return;
    }
    const current = batch;
    batch = new ChangeBatch();
    const started = performance.now();
    running = apply(current)
      .catch(onError)
      .finally(() => {
        running = undefined;
        const ended = performance.now();
        pausedUntil = ended + Math.min((ended - started) * PAUSE_PER_APPLY, MAX_PAUSE_MS);
        if (!batch.empty) schedule();
      });
  };

  const schedule = (): void => {
    clearTimeout(quiet);
    quiet = setTimeout(flush, delayMs);
    deadline ??= setTimeout(flush, maxDelayMs);
  };

  const stream = listen({
    // Under the app's base path (an embedded app's worker answers only there).
    url: apiUrl('/events'),
    onChange: (change) => {
      if (pinned && change.kind === 'library' && change.action === 'switched') return;
      batch.add(change, currentLibrary());
      if (!batch.empty) schedule();
    },
    onResync: () => {
      batch.resync = true;
      schedule();
    },
  });

  return {
    async settled() {
      while (running || quiet) {
        if (running) await running;
        else await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    },
    close() {
      stream.close();
      clearTimeout(quiet);
      clearTimeout(deadline);
    },
  };
}
