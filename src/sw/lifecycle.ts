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

/**
 * Activates now: first tells the active worker to end what it holds open (its /events streams),
 * since Chromium activates a new worker only once the old one holds no request.
 */
function takeOver(): Promise<void> {
  self.registration.active?.postMessage({ type: HAND_OVER });
  return self.skipWaiting();
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
