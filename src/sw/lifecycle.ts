/**
 * Install and activate. A first install takes control of open pages at once (the API must answer
 * them). An update to a precached shell waits: an open tab may still load chunks the new build
 * dropped, and the new worker may carry a new database schema, so it activates only when a person
 * accepts the prompt (SKIP_WAITING) or every tab of the old version is gone. Without a shell
 * (development), an update activates at once as before.
 */
import { hasAppShell, type AppShell } from './app-shell';
import { CLAIM, HAND_OVER, isLifecycleMessage, SKIP_WAITING } from './messages';

declare const self: ServiceWorkerGlobalScope;

/** How often the hand-over is said again while this worker still waits. */
const HAND_OVER_EVERY_MS = 500;
/** After this many, the browser's own limit takes over (Chromium activates anyway after 5 minutes). */
const HAND_OVER_AT_MOST = 60;

/**
 * Activates now: tells the active worker to end what it holds open (its /events streams), since
 * Chromium activates a new worker only once the old one holds no request. Told again and again
 * until this worker activates, because the old version's knowledge of the hand-over is
 * memory only: under load Chromium stopped the old worker after the hand-over and started it
 * again for the tabs' next requests instead of activating this one, and the fresh instance took
 * the tabs' reconnecting streams and held the activation for good (6 accepted updates in 8 with
 * one busy process beside the test; 0 in 26 since). Each telling is also an event that, once
 * settled, makes Chromium check again whether the old worker is idle. A worker told twice hands
 * over once (src/sw/sw.ts).
 */
function takeOver(): Promise<void> {
  const me = self.serviceWorker;
  const toldOften = new Promise<void>((resolve) => {
    let told = 0;
    const tell = () => {
      const stillWaiting = me.state === 'installing' || me.state === 'installed';
      if (!stillWaiting || told === HAND_OVER_AT_MOST) return resolve();
      told++;
      self.registration.active?.postMessage({ type: HAND_OVER });
      setTimeout(tell, HAND_OVER_EVERY_MS);
    };
    tell();
  });
  return Promise.all([self.skipWaiting(), toldOften]).then(() => undefined);
}

export interface Lifecycle {
  install(event: ExtendableEvent): void;
  activate(event: ExtendableEvent): void;
  message(event: ExtendableMessageEvent): void;
}

/** `onHandOver`: this worker is being replaced; end whatever it holds open. */
export function lifecycle(appShell: AppShell, onHandOver: () => void): Lifecycle {
  return {
    install(event) {
      appShell.install(event);
      if (!hasAppShell()) void takeOver();
    },
    activate(event) {
      appShell.activate(event);
      event.waitUntil(self.clients.claim());
    },
    message(event) {
      // A page loaded by a hard reload is not controlled; it asks us to claim it.
      if (isLifecycleMessage(event.data, CLAIM)) event.waitUntil(self.clients.claim());
      if (isLifecycleMessage(event.data, SKIP_WAITING)) event.waitUntil(takeOver());
      // Only a worker (the waiting one) may say so: a page could otherwise stop every tab's stream.
      if (isLifecycleMessage(event.data, HAND_OVER) && event.source instanceof ServiceWorker) onHandOver();
    },
  };
}
