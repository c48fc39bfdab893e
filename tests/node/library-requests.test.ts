// The API's requests in flight per library (src/core/http/library-requests.ts), on fake timers:
// a background writer's wait for a quiet moment, and its bound.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LibraryRequests } from '../../src/core/http/library-requests';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` has settled once the timers have run `ms` further. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('LibraryRequests', () => {
  it('waits while a request to the library is in flight, not for another library, and settles when it ends', async () => {
    const requests = new LibraryRequests(() => Date.now());
    expect(await settledAfter(requests.quiet('/a', { idleMs: 0, maxMs: 1000 }), 0)).toBe(true);
    requests.begin('/a');
    requests.begin('/a');
    expect(await settledAfter(requests.quiet('/b', { idleMs: 0, maxMs: 1000 }), 0)).toBe(true);
    const waiting = requests.quiet('/a', { idleMs: 0, maxMs: 1000 });
    requests.end('/a');
    expect(await settledAfter(waiting, 10)).toBe(false);
    requests.end('/a');
    expect(await settledAfter(waiting, 0)).toBe(true);
  });

  it('waits for the library to have been idle for idleMs, and for a first request when asked to', async () => {
    const requests = new LibraryRequests(() => Date.now());
    const first = requests.quiet('/a', { firstRead: true, idleMs: 300, maxMs: 3000 });
    expect(await settledAfter(first, 1000)).toBe(false);
    requests.begin('/a');
    await vi.advanceTimersByTimeAsync(50);
    requests.end('/a');
    expect(await settledAfter(first, 200)).toBe(false);
    requests.begin('/a');
    requests.end('/a');
    expect(await settledAfter(first, 250)).toBe(false);
    expect(await settledAfter(first, 100)).toBe(true);
  });

  it('never waits longer than maxMs, however busy the library is', async () => {
    const requests = new LibraryRequests(() => Date.now());
    requests.begin('/a');
    const busy = requests.quiet('/a', { idleMs: 0, maxMs: 1000 });
    expect(await settledAfter(busy, 999)).toBe(false);
    expect(await settledAfter(busy, 1)).toBe(true);
    const unread = requests.quiet('/b', { firstRead: true, idleMs: 300, maxMs: 3000 });
    expect(await settledAfter(unread, 2999)).toBe(false);
    expect(await settledAfter(unread, 1)).toBe(true);
  });
});
