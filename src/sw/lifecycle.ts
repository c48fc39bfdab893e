/**
 * Install and activate. A first install takes control of open pages at once (the API must answer
 * them). An update to a precached shell waits: an open tab may still load chunks the new build
 * dropped, and the new worker may carry a new database schema, so it activates only when a person
 * accepts the prompt (SKIP_WAITING) or every tab of the old version is gone. Without a shell
 * (development), an update activates at once as before.
 */
import { hasAppShell } from './app-shell';
import { installDeferredScripts } from './deferred-scripts';
import { CLAIM, isLifecycleMessage, SKIP_WAITING } from './messages';

declare const self: ServiceWorkerGlobalScope;

export function handleLifecycle(): void {
  self.addEventListener('install', () => {
    installDeferredScripts();
    if (!hasAppShell()) void self.skipWaiting();
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(self.clients.claim());
  });

  self.addEventListener('message', (event) => {
    // A page loaded by a hard reload is not controlled; it asks us to claim it.
    if (isLifecycleMessage(event.data, CLAIM)) event.waitUntil(self.clients.claim());
    if (isLifecycleMessage(event.data, SKIP_WAITING)) event.waitUntil(self.skipWaiting());
  });
}
