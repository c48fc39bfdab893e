// A waiting worker asked to take over tells the active one to hand over, every 500 ms, until it
// activates itself: read from `self.serviceWorker.state` where the browser has that property (not
// Baseline), from its own activate event where not. Fake timers, a fake worker scope; the app
// shell (workbox and the build's manifest) is mocked away.
import { afterEach, expect, it, vi } from 'vitest';
import { HAND_OVER, SKIP_WAITING } from '../../../src/sw/messages';
import type { AppShell } from '../../../src/sw/app-shell';

vi.mock('../../../src/sw/app-shell', () => ({ hasAppShell: () => true }));

const SHELL = { install() {}, activate() {} } as unknown as AppShell;

/** A fresh lifecycle module in a fake worker scope; `me` is `self.serviceWorker`, or none. */
async function startWorker(me?: { state: ServiceWorkerState }) {
  vi.resetModules();
  const told: unknown[] = [];
  const waits: Promise<unknown>[] = [];
  vi.stubGlobal('self', { registration: { active: { postMessage: (message: unknown) => told.push(message) } }, skipWaiting: async () => {}, clients: { claim: async () => {} }, ...(me ? { serviceWorker: me } : {}) });
  const { lifecycle } = await import('../../../src/sw/lifecycle');
  const life = lifecycle(SHELL, () => {});
  const event = (data?: unknown) => ({ data, waitUntil: (promise: Promise<unknown>) => waits.push(promise) }) as never;
  return { told, waits, skipWaiting: () => life.message(event({ type: SKIP_WAITING })), activate: () => life.activate(event()) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('tells the active worker until its own activate event where self.serviceWorker is missing', async () => {
  vi.useFakeTimers();
  const worker = await startWorker();
  worker.skipWaiting();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(worker.told).toEqual([{ type: HAND_OVER }, { type: HAND_OVER }, { type: HAND_OVER }]);
  worker.activate();
  await vi.advanceTimersByTimeAsync(5_000);
  expect(worker.told).toHaveLength(3);
  await expect(Promise.all(worker.waits)).resolves.toBeDefined();
});

it('reads its state where self.serviceWorker exists: an instance restarted after activating tells nothing', async () => {
  vi.useFakeTimers();
  const me: { state: ServiceWorkerState } = { state: 'installed' };
  const waiting = await startWorker(me);
  waiting.skipWaiting();
  await vi.advanceTimersByTimeAsync(500);
  expect(waiting.told).toHaveLength(2);
  me.state = 'activating';
  await vi.advanceTimersByTimeAsync(5_000);
  expect(waiting.told).toHaveLength(2);

  const restarted = await startWorker({ state: 'activated' });
  restarted.skipWaiting();
  await vi.advanceTimersByTimeAsync(5_000);
  expect(restarted.told).toEqual([]);
  await expect(Promise.all(restarted.waits)).resolves.toBeDefined();
});
