/**
 * Registers the service worker and resolves only once this page is controlled by it, so API calls
 * never fall through to the network. A hard reload leaves a page uncontrolled even with an active
 * worker; we then ask the worker to claim the page. The worker's scope is the folder of its script
 * (`/sw.js` → `/`, `/asset-library/sw.js` → `/asset-library/`), and a registration of that scope
 * running another script (a host site's own worker) is never replaced.
 */
import { CLAIM, type OfflineFiles } from '../sw/messages';
import { APP_BASE } from './base';
import { fillOfflineFiles } from './offline-files';

const CLAIM_TIMEOUT_MS = 5000;

export class ServiceWorkerUnavailableError extends Error {
  override name = 'ServiceWorkerUnavailableError';
}

/** The scope already runs another site's worker; registering would silently replace it. */
export class ForeignServiceWorkerError extends Error {
  override name = 'ForeignServiceWorkerError';
  constructor(
    readonly scope: string,
    readonly foreignScript: string,
  ) {
    super(
      `The scope ${scope} already has a service worker (${foreignScript}). Registering the asset library there would replace it: ` +
        'install the library under a base path of its own, e.g. /asset-library/, and pass that base.',
    );
  }
}

export interface ServiceWorkerControl {
  registration: ServiceWorkerRegistration;
  /** True when the page started uncontrolled (first visit, hard reload) and had to be claimed. */
  claimed: boolean;
  /** What the worker fetched of the files its first install left for later (./offline-files.ts), asked by every page that starts. */
  offlineFiles: Promise<OfflineFiles>;
}

export async function ensureServiceWorker(scriptUrl = `${APP_BASE}sw.js`): Promise<ServiceWorkerControl> {
  if (!('serviceWorker' in navigator)) {
    throw new ServiceWorkerUnavailableError('Service workers are not available on this page (they need https or localhost).');
  }
  const script = new URL(scriptUrl, location.href);
  const scope = new URL('./', script).pathname;
  await refuseForeignWorker(scope, script);
  const registration = await navigator.serviceWorker.register(script.pathname, { scope, updateViaCache: 'none' });
  await Promise.race([navigator.serviceWorker.ready, firstInstallFailed(registration)]);
  // A page of a host site can start controlled by the host's own root worker: only ours counts.
  const claimed = !controlledBy(script);
  if (claimed) await claimThisPage(registration, script);
  return { registration, claimed, offlineFiles: fillOfflineFiles(registration) };
}

/**
 * Rejects when the first install fails (a file of the build did not load: the install is all or
 * nothing, docs/decisions/offline-shell.md), which would leave `ready` waiting for good. A failed
 * update keeps the worker that runs, so it never rejects then.
 */
function firstInstallFailed(registration: ServiceWorkerRegistration): Promise<never> {
  return new Promise((_, reject) => {
    const failed = () => new ServiceWorkerUnavailableError('The app could not be installed: a file of it did not load. Check the connection, then reload the page.');
    const noWorkerLeft = () => !registration.active && !registration.waiting && !registration.installing;
    const watch = (worker: ServiceWorker | null) =>
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'redundant' && noWorkerLeft()) reject(failed());
      });
    if (noWorkerLeft()) return reject(failed());
    watch(registration.installing);
    registration.addEventListener('updatefound', () => watch(registration.installing));
  });
}

const controlledBy = (script: URL) => navigator.serviceWorker.controller?.scriptURL === script.href;

/** Throws when a registration of exactly this scope runs a script other than ours. */
export async function refuseForeignWorker(scope: string, script: URL): Promise<void> {
  const existing = await navigator.serviceWorker.getRegistration(scope);
  if (!existing || new URL(existing.scope).pathname !== scope) return;
  const running = existing.active ?? existing.waiting ?? existing.installing;
  if (running && new URL(running.scriptURL).pathname !== script.pathname) throw new ForeignServiceWorkerError(scope, new URL(running.scriptURL).pathname);
}

async function claimThisPage(registration: ServiceWorkerRegistration, script: URL): Promise<void> {
  const controlled = new Promise<void>((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  );
  const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
  worker?.postMessage({ type: CLAIM });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLAIM_TIMEOUT_MS)));
  await Promise.race([controlled, timedOut]);
  clearTimeout(timer);
  if (!controlledBy(script)) {
    throw new ServiceWorkerUnavailableError('The service worker is active but did not take control of this page.');
  }
}
