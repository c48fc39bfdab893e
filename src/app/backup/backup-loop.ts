/**
 * Runs the backup from a page while one is open: after changes settle (a quiet pause after the
 * last edit heard on the change stream) and on a schedule. A run is a series of short slices
 * (POST library/backup with maxItems) so that no request holds the service worker for minutes;
 * each slice resumes where the last stopped. Several tabs may all ask: the worker's lease lets one
 * write and answers the others `busy`. Nothing is kept here that the API does not also hold.
 */
import { apiUrl } from '../api-client';
import { listenToChanges, type HeardChange } from '../change-stream';
import { wakesSync } from '../sync/sync-wake';
import { readBackupStatus, runBackupSlice, type BackupAnswer, type BackupStatus } from './backup-api';
import type { BackupStore } from './backup-store';

/** Hears changes until the returned function is called. */
export type ChangeSource = (onChange: (change: HeardChange) => void) => () => void;

/** The two API calls the loop makes. */
export interface BackupCalls {
  status(): Promise<BackupStatus>;
  slice(maxItems: number): Promise<BackupAnswer>;
}

export interface BackupLoopOptions {
  /** Quiet time after the last change before a backup (ms). */
  settleMs?: number;
  /** A backup at least this often while changes keep coming, and a status read (ms). */
  periodMs?: number;
  /** Items per slice. */
  sliceItems?: number;
  /** The library backed up (its path); the worker's current one by default. */
  library?: string;
  /** The page's change stream by default; tests hand their own. */
  changes?: ChangeSource;
  /** The typed client by default; tests hand their own. */
  calls?: BackupCalls;
}

const pageStream: ChangeSource = (onChange) => {
  const stream = listenToChanges({ url: apiUrl('/events'), onChange });
  return () => stream.close();
};

const MINUTE = 60_000;

export function startBackupLoop(store: BackupStore, options: BackupLoopOptions = {}): () => void {
  const { settleMs = 30_000, periodMs = 15 * MINUTE, sliceItems = 500, library, changes = pageStream } = options;
  const calls = options.calls ?? { status: () => readBackupStatus(library), slice: (maxItems: number) => runBackupSlice(maxItems, library) };
  let settle: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const refresh = async () => listen(publish(await calls.status().catch(() => store.status)));
  const publish = <S extends BackupStatus | null>(status: S): S => (store.publish(status), status);

  const run = (): Promise<void> =>
    (running ??= (async () => {
      try {
        const status = await calls.status();
        listen(status);
        if (!status.configured) return store.publish(status);
        store.publish({ ...status, running: true });
        for (;;) {
          const answer = await calls.slice(sliceItems);
          store.publish(answer);
          if (answer.status !== 'partial') break;
        }
      } catch {
        await refresh();
      } finally {
        running = undefined;
      }
    })());

  // A run under way may have passed what changed, or be writing to a folder just replaced: asks
  // made during it get one more run after it (shared by all of them).
  const runAfterCurrent = (): Promise<void> => (running ? running.then(run) : run());

  store.driveWith(runAfterCurrent);
  // Changes are heard only while the library has a backup folder: one without keeps no stream open.
  let stopListening: (() => void) | undefined;
  function listen(status: BackupStatus | null): void {
    if (status?.configured && !stopListening) {
      stopListening = changes((change) => {
        if (!wakesSync(change)) return;
        // Each change restarts the wait: a backup runs once edits pause, not after every one.
        clearTimeout(settle);
        settle = setTimeout(() => void runAfterCurrent(), settleMs);
      });
    }
    if (!status?.configured && stopListening) {
      stopListening();
      stopListening = undefined;
    }
  }
  const period = setInterval(() => void run(), periodMs);
  const clock = setInterval(() => store.tick(), MINUTE);
  void run();
  return () => {
    stopListening?.();
    clearTimeout(settle);
    clearInterval(period);
    clearInterval(clock);
    store.driveWith(undefined);
  };
}
