// The page's backup loop (src/app/backup/backup-loop.ts) backs up once changes settle: 30 s after
// the last change heard, each change restarting the wait, and again after a run that was under
// way when the wait ended or "Back up now" was asked. Fake timers on the loop; its API calls and
// change source are counted stand-ins (the real ones run in tests/browser/backup-loop.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBackupLoop, type BackupCalls, type ChangeSource } from '../../src/app/backup/backup-loop';
import type { BackupAnswer, BackupStatus } from '../../src/app/backup/backup-api';
import { BackupStore } from '../../src/app/backup/backup-store';
import type { HeardChange } from '../../src/app/change-stream';

const status = (over: Partial<BackupStatus> = {}): BackupStatus => ({ configured: true, running: false, lastBackupAt: 0, items: 0, ...over });
const answer = (over: Partial<BackupAnswer> = {}): BackupAnswer => ({ ...status(), status: 'done', written: { items: 0, files: 0, bytes: 0, removed: 0 }, ...over });
const edit = (kind: HeardChange['kind'] = 'item', action = 'updated'): HeardChange => ({ kind, action, ids: ['a'], library: '/l' });

function harness(configured = true) {
  const slices: number[] = [];
  let finish: (() => void) | undefined;
  let hold = false;
  const calls: BackupCalls = {
    status: async () => status({ configured }),
    slice: async (maxItems) => {
      slices.push(maxItems);
      if (hold) await new Promise<void>((resolve) => (finish = resolve));
      return answer();
    },
  };
  let hear: ((change: HeardChange) => void) | undefined;
  let listening = 0;
  const changes: ChangeSource = (onChange) => {
    hear = onChange;
    listening += 1;
    return () => {
      hear = undefined;
      listening -= 1;
    };
  };
  return {
    calls,
    changes,
    slices,
    listening: () => listening,
    change: (c = edit()) => hear?.(c),
    holdSlices: (on: boolean) => (hold = on),
    finishSlice: () => finish?.(),
  };
}

describe('the backup loop runs after changes settle', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('backs up 30 s after the last change, not before, and each change restarts the wait', async () => {
    const h = harness();
    const stop = startBackupLoop(new BackupStore(), { calls: h.calls, changes: h.changes });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.slices).toHaveLength(1); // the run at start
    expect(h.listening()).toBe(1);

    h.change();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(h.slices).toHaveLength(1);
    h.change(edit('tag', 'created')); // another edit: the wait starts again
    await vi.advanceTimersByTimeAsync(29_000);
    expect(h.slices).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.slices).toHaveLength(2);
    // Nothing more changed: no run until the schedule's (15 min).
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.slices).toHaveLength(2);
    stop();
  });

  it('selections and openings change nothing backed up and start no wait', async () => {
    const h = harness();
    const stop = startBackupLoop(new BackupStore(), { calls: h.calls, changes: h.changes });
    await vi.advanceTimersByTimeAsync(0);
    h.change(edit('item', 'selected'));
    h.change(edit('item', 'opened'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.slices).toHaveLength(1);
    stop();
  });

  it('a wait that ends while a run is under way runs again after it', async () => {
    const h = harness();
    const stop = startBackupLoop(new BackupStore(), { calls: h.calls, changes: h.changes, settleMs: 1_000 });
    await vi.advanceTimersByTimeAsync(0);
    h.holdSlices(true);
    h.change();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.slices).toHaveLength(2); // the settled run, still writing
    h.change(); // an edit the run may already have passed
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.slices).toHaveLength(2);
    h.holdSlices(false);
    h.finishSlice();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.slices).toHaveLength(3);
    stop();
  });

  it('"Back up now" (or a folder just picked) while a run is under way backs up again after it, once for several asks', async () => {
    const h = harness();
    const store = new BackupStore();
    const stop = startBackupLoop(store, { calls: h.calls, changes: h.changes });
    await vi.advanceTimersByTimeAsync(0);
    h.holdSlices(true);
    await vi.advanceTimersByTimeAsync(15 * 60_000); // the schedule's run, still writing
    expect(h.slices).toHaveLength(2);
    // The run under way may be writing to the folder just replaced: these ask for one of their own.
    const asked = [store.backUpNow(), store.backUpNow()];
    await vi.advanceTimersByTimeAsync(0);
    expect(h.slices).toHaveLength(2);
    h.holdSlices(false);
    h.finishSlice();
    await Promise.all(asked);
    expect(h.slices).toHaveLength(3);
    stop();
  });

  it('a library without a backup folder listens to nothing and never runs on a change', async () => {
    const h = harness(false);
    const stop = startBackupLoop(new BackupStore(), { calls: h.calls, changes: h.changes });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.listening()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.slices).toHaveLength(0);
    stop();
    expect(h.listening()).toBe(0);
  });
});
