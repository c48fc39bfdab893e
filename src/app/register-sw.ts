/**
 * Registers the service worker and resolves only once this page is controlled by it, so API calls
 * never fall through to the network. A hard reload leaves a page uncontrolled even with an active
 * worker; we then ask the worker to claim the page.
 */

const CLAIM_TIMEOUT_MS = 5000;

export class ServiceWorkerUnavailableError extends Error {
  override name = 'ServiceWorkerUnavailableError';
}

export interface ServiceWorkerControl {
  registration: ServiceWorkerRegistration;
  /** True when the page started uncontrolled (first visit, hard reload) and had to be claimed. */
  claimed: boolean;
}

export async function ensureServiceWorker(scriptUrl = '/sw.js'): Promise<ServiceWorkerControl> {
  if (!('serviceWorker' in navigator)) {
    throw new ServiceWorkerUnavailableError('Service workers are not available on this page (they need https or localhost).');
  }
  const registration = await navigator.serviceWorker.register(scriptUrl, { scope: '/', updateViaCache: 'none' });
  await navigator.serviceWorker.ready;
  const claimed = !navigator.serviceWorker.controller;
  if (claimed) await claimThisPage(registration);
  return { registration, claimed };
}

async function claimThisPage(registration: ServiceWorkerRegistration): Promise<void> {
  const controlled = new Promise<void>((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  );
  const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
  worker?.postMessage({ type: 'claim' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLAIM_TIMEOUT_MS)));
  await Promise.race([controlled, timedOut]);
  clearTimeout(timer);
  if (!navigator.serviceWorker.controller) {
    throw new ServiceWorkerUnavailableError('The service worker is active but did not take control of this page.');
  }
}
