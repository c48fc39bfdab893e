/**
 * Install and activate. A first install takes control of open pages at once (the API must answer
 * them). An update to a precached shell waits: an open tab may still load chunks the new build
 * dropped, and the new worker may carry a new database schema, so it activates only when a person
 * accepts the prompt (SKIP_WAITING) or every tab of the old version is gone. Without a shell
 * (development), an update activates at once as before.
 */
import { hasAppShell, type AppShell } from './app-shell';
import { CLAIM, FILL_OFFLINE_FILES, HAND_OVER, HANDED_OVER, isLifecycleMessage, SKIP_WAITING } from './messages';

declare const self: ServiceWorkerGlobalScope;

/** How often the hand-over is said again while this worker still waits. */
const HAND_OVER_EVERY_MS = 500;
/** After this many unanswered, the browser's own limit takes over (Chromium activates anyway after 5 minutes). */
const HAND_OVER_AT_MOST = 60;

/** Stops the telling: the active worker answered that it has handed over. */
let heardHandedOver = () => {};
/** This instance's one take-over: a second SKIP_WAITING (two tabs accepting) joins it, it does not tell again. */
let takingOver: Promise<void> | undefined;
/** This instance saw its `activate` event: what tells it is no longer waiting where `self.serviceWorker` is missing. */
let activating = false;

/**
 * Whether this worker still waits to activate. `self.serviceWorker` is not Baseline (MDN: limited
 * availability); where it is missing, reading its state threw. Without it, an instance restarted
 * after activating would think itself waiting, so the property is used where there is one.
 */
function stillWaiting(): boolean {
  const me = (self as { serviceWorker?: ServiceWorker }).serviceWorker;
  return me ? me.state === 'installing' || me.state === 'installed' : !activating;
}

/**
 * Activates now: tells the active worker to end what it holds open (its /events streams), since
 * Chromium activates a new worker only once the old one holds no request. Told until it answers
 * HANDED_OVER, and no longer: a telling is an event, and an old worker that Chromium stopped and
 * started again for an event must then go its whole idle delay (30 s) without one before this
 * worker activates (docs/decisions/update-flow.md). An old worker of an earlier build does not
 * answer; it is told every 500 ms until this worker activates, as before. A worker told twice
 * hands over once (src/sw/sw.ts).
 */
function takeOver(): Promise<void> {
  takingOver ??= tellAndSkipWaiting();
  return takingOver;
}

function tellAndSkipWaiting(): Promise<void> {
  const told = new Promise<void>((resolve) => {
    let times = 0;
    let next: ReturnType<typeof setTimeout> | undefined;
    heardHandedOver = () => {
      clearTimeout(next);
      resolve();
    };
    const tell = () => {
      if (!stillWaiting() || times === HAND_OVER_AT_MOST) return resolve();
      times++;
      self.registration.active?.postMessage({ type: HAND_OVER });
      next = setTimeout(tell, HAND_OVER_EVERY_MS);
    };
    tell();
  });
  return Promise.all([self.skipWaiting(), told]).then(() => undefined);
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
      activating = true;
      appShell.activate(event);
      event.waitUntil(self.clients.claim());
    },
    message(event) {
      // A page loaded by a hard reload is not controlled; it asks us to claim it.
      if (isLifecycleMessage(event.data, CLAIM)) event.waitUntil(self.clients.claim());
      if (isLifecycleMessage(event.data, SKIP_WAITING)) event.waitUntil(takeOver());
      // Pages ask the active worker. A waiting one would find its list cached (an update installs all
      // of it), and what an old one adds the new one's activation drops if its list lacks it.
      if (isLifecycleMessage(event.data, FILL_OFFLINE_FILES)) {
        const askedBy = event.source instanceof Client ? event.source.id : '';
        event.waitUntil(appShell.fillRest(askedBy).then((filled) => event.ports[0]?.postMessage(filled)));
      }
      // Only a worker (the waiting one) may say so: a page could otherwise stop every tab's stream.
      if (isLifecycleMessage(event.data, HAND_OVER) && event.source instanceof ServiceWorker) {
        onHandOver();
        event.source.postMessage({ type: HANDED_OVER });
      }
      if (isLifecycleMessage(event.data, HANDED_OVER) && event.source instanceof ServiceWorker) heardHandedOver();
    },
  };
}
