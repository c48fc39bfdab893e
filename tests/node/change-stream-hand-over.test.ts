// The app's change stream when its worker hands over to a new version: it does not knock on the old
// worker again (each reconnect would wake it and hold the new one back), and reopens once the new
// worker is active or has failed. Its reconnect after a plain drop is unchanged.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToChanges } from '../../src/app/change-stream';
import { HAND_OVER_EVENT, RETRY_MS } from '../../src/core/events/event-stream';

/** EventSource as change-stream.ts uses it: events are fired by the test. */
class FakeSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeSource.made.push(this);
  }
  opened(): void {
    this.readyState = FakeSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  close(): void {
    this.readyState = FakeSource.CLOSED;
  }
}

/** A waiting worker whose state the test moves on. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function setUp(waiting: FakeWorker | null) {
  const container = Object.assign(new EventTarget(), { getRegistration: async () => ({ waiting, installing: null }) });
  const view = { EventSource: FakeSource, navigator: { serviceWorker: container } } as unknown as Window;
  const resyncs = vi.fn();
  const stream = listenToChanges({ onChange: () => {}, onResync: resyncs, view });
  FakeSource.made[0]!.opened();
  return { container, resyncs, stream };
}

describe('the change stream, when its worker hands over', () => {
  beforeEach(() => {
    FakeSource.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the new worker to take over, then reopens once and re-reads', async () => {
    const waiting = new FakeWorker();
    const { container, resyncs, stream } = setUp(waiting);
    const first = FakeSource.made[0]!;
    first.dispatchEvent(new Event(HAND_OVER_EVENT));
    expect(first.readyState).toBe(FakeSource.CLOSED);
    // The old worker ends the stream after the event: that end must not reconnect either.
    first.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(RETRY_MS * 20);
    expect(FakeSource.made).toHaveLength(1);

    waiting.become('activating');
    container.dispatchEvent(new Event('controllerchange'));
    waiting.become('activated');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.made).toHaveLength(2);
    FakeSource.made[1]!.opened();
    expect(resyncs).toHaveBeenCalledOnce();
    stream.close();
  });

  it('reopens when the new worker fails instead', async () => {
    const waiting = new FakeWorker();
    setUp(waiting);
    FakeSource.made[0]!.dispatchEvent(new Event(HAND_OVER_EVENT));
    await vi.advanceTimersByTimeAsync(RETRY_MS * 4);
    expect(FakeSource.made).toHaveLength(1);
    waiting.become('redundant');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.made).toHaveLength(2);
  });

  it('reopens at once when no worker waits any more (it has taken over already)', async () => {
    setUp(null);
    FakeSource.made[0]!.dispatchEvent(new Event(HAND_OVER_EVENT));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.made).toHaveLength(2);
  });

  it('stays closed when the app closed it meanwhile', async () => {
    const waiting = new FakeWorker();
    const { stream } = setUp(waiting);
    FakeSource.made[0]!.dispatchEvent(new Event(HAND_OVER_EVENT));
    stream.close();
    waiting.become('activated');
    await vi.advanceTimersByTimeAsync(RETRY_MS * 4);
    expect(FakeSource.made).toHaveLength(1);
  });

  it('still reconnects after a plain drop, without waiting for any worker', async () => {
    const { resyncs } = setUp(new FakeWorker());
    const first = FakeSource.made[0]!;
    first.close();
    first.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(FakeSource.made).toHaveLength(2);
    FakeSource.made[1]!.opened();
    expect(resyncs).toHaveBeenCalledOnce();
  });
});
