/**
 * Runs the backup from a page while one is open: after changes settle (a quiet pause after the
 * last edit heard on the change stream) and on a schedule. A run is a series of short slices
 * (POST library/backup with maxItems) so that no request holds the service worker for minutes;
 * each slice resumes where the last stopped. Several tabs may all ask: the worker's lease lets one
 * write and answers the others `busy`. Nothing is kept here that the API does not also hold.
 */
import { apiUrl } from '../api-client';
import { listenToChanges, type ChangeStream } from '../change-stream';
import { wakesSync } from '../sync/sync-wake';
import { readBackupStatus, runBackupSlice, type BackupStatus } from './backup-api';
import type { BackupStore } from './backup-store';

export interface BackupLoopOptions {
  /** Quiet time after the last change before a backup (ms). */
  settleMs?: number;
  /** A backup at least this often while changes keep coming, and a status read (ms). */
  periodMs?: number;
  /** Items per slice. */
  sliceItems?: number;
}

const MINUTE = 60_000;

export function startBackupLoop(store: BackupStore, options: BackupLoopOptions = {}): () => void {
  const { settleMs = 30_000, periodMs = 15 * MINUTE, sliceItems = 500 } = options;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const refresh = async () => listen(publish(await readBackupStatus().catch(() => store.status)));
  const publish = <S extends BackupStatus | null>(status: S): S => (store.publish(status), status);

  const run = (): Promise<void> =>
    (running ??= (async () => {
      try {
        const status = await readBackupStatus();
        listen(status);
        if (!status.configured) return store.publish(status);
        store.publish({ ...status, running: true });
        for (;;) {
          const answer = await runBackupSlice(sliceItems);
          store.publish(answer);
          if (answer.status !== 'partial') break;
        }
      } catch {
        await refresh();
      } finally {
        running = undefined;
      }
    })());

  store.driveWith(run);
  // The change stream is open only while the library has a backup folder: one without keeps none.
  let stream: ChangeStream | undefined;
  function listen(status: BackupStatus | null): void {
    if (status?.configured && !stream) {
      stream = listenToChanges({
        url: apiUrl('/events'),
        onChange: (change) => {
          if (!wakesSync(change)) return;
          clearTimeout(settle);
          settle = setTimeout(() => void run(), settleMs);
        },
      });
    }
    if (!status?.configured && stream) {
      stream.close();
      stream = undefined;
    }
  }
  const period = setInterval(() => void run(), periodMs);
  const clock = setInterval(() => store.tick(), MINUTE);
  void run();
  return () => {
    stream?.close();
    clearTimeout(settle);
    clearInterval(period);
    clearInterval(clock);
    store.driveWith(undefined);
  };
}
