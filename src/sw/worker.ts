/**
 * The service worker beyond its boot script (./sw.ts): what a start whose first answer is the API's
 * never needs. workbox's routes for the lazy files and the precached app shell, install and
 * activate, the lifecycle messages and the page's media ports. The build makes it a script of its
 * own beside sw.js, which loads it synchronously at the first event the boot script does not answer
 * itself (docs/decisions/service-worker-startup.md). It adds no listener: the boot script adds
 * every one at its first evaluation, as browsers require, and calls these handlers.
 */
import type { PrecacheEntry } from 'workbox-precaching';
import { Router } from 'workbox-routing';
import { isMediaPortsGoodbye, isMediaPortsMessage } from '../media/messages';
import { registerAppShell } from './app-shell';
import { registerLazyCache } from './lazy-cache';
import { lifecycle } from './lifecycle';
import { PagePorts } from './page-ports';
import { answerShare, isShareRequest } from './share-target';

declare const self: ServiceWorkerGlobalScope;

export interface RestOfWorker {
  /** Answers the share sheet's POST and a request one of its routes takes (respondWith); leaves every other one to the network. */
  fetch(event: FetchEvent): void;
  install(event: ExtendableEvent): void;
  activate(event: ExtendableEvent): void;
  /** Lifecycle messages and a page's media ports; `true` when the message brought ports. */
  message(event: ExtendableMessageEvent): boolean;
  /** The page's media worker, reached through ports a page hands over (see docs/decisions/media-worker.md). */
  pagePorts: PagePorts;
}

/** The API's answer to `request`, as sw.ts gives it (it keeps the event alive for the jobs a write starts). */
export type ApiAnswer = (request: Request, event: ExtendableEvent) => Promise<Response>;

/** `pieces`: the worker's pieces that sw.js's loader evaluates from the precache (./deferred-scripts.ts). */
export function createRestOfWorker(apiPrefix: string, pieces: readonly PrecacheEntry[], onHandOver: () => void, api: ApiAnswer): RestOfWorker {
  const pagePorts = new PagePorts(() => self.clients.matchAll({ type: 'window' }));
  const router = new Router();
  registerLazyCache(router);
  // After the lazy files: the first matching route wins.
  const appShell = registerAppShell(router, pieces);
  const events = lifecycle(appShell, onHandOver);
  return {
    fetch(event) {
      const scope = self.registration.scope;
      if (isShareRequest(event.request, scope)) {
        const send = (route: string, body: BodyInit, query?: URLSearchParams) => {
          const url = new URL(`${apiPrefix}${route}${query?.size ? `?${query}` : ''}`, scope);
          // A FormData body sets its own multipart type; the JSON one says what it is.
          const headers = typeof body === 'string' ? { 'Content-Type': 'application/json' } : undefined;
          return api(new Request(url, { method: 'POST', headers, body }), event);
        };
        event.respondWith(answerShare(event.request, scope, send));
        return;
      }
      const answer = router.handleRequest({ request: event.request, event });
      if (answer) event.respondWith(answer);
    },
    install: events.install,
    activate: events.activate,
    message(event) {
      events.message(event);
      if (isMediaPortsGoodbye(event.data)) pagePorts.goodbye(event.data.hostId);
      if (!isMediaPortsMessage(event.data)) return false;
      pagePorts.accept(event.data.hostId, event.data.workers, event.data.page);
      return true;
    },
    pagePorts,
  };
}
