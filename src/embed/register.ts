/**
 * For a host site's own pages: installs the library's service worker for its base path and resolves
 * once it is active. The host page itself stays under its own worker (or none); the library's pages
 * (the <asset-library> element's frame) are the ones ours controls. Never replaces another worker.
 */
import { fillOfflineFiles } from '../app/offline-files';
import { ForeignServiceWorkerError, refuseForeignWorker, ServiceWorkerUnavailableError } from '../app/register-sw';

export { ForeignServiceWorkerError, ServiceWorkerUnavailableError };

export interface RegisterOptions {
  /** The folder the library's files were copied to, e.g. `/asset-library/` (its API is `<base>api/v2/`). */
  base: string;
}

/** `asset-library` → `/asset-library/`; a base is an absolute path of a folder on this site. */
export function normaliseBase(base: string): string {
  const path = new URL(base, location.href);
  if (path.origin !== location.origin) throw new TypeError(`The asset library's base must be on this site, not ${path.origin}.`);
  return path.pathname.endsWith('/') ? path.pathname : `${path.pathname}/`;
}

export async function registerAssetLibrary({ base }: RegisterOptions): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) {
    throw new ServiceWorkerUnavailableError('Service workers are not available on this page (they need https or localhost).');
  }
  const scope = normaliseBase(base);
  const script = new URL(`${scope}sw.js`, location.href);
  await refuseForeignWorker(scope, script);
  const registration = await navigator.serviceWorker.register(script.pathname, { scope, updateViaCache: 'none' });
  await whenActive(registration);
  // A first install precached what a start needs; the rest now (the app's pages ask too).
  void fillOfflineFiles(registration);
  return registration;
}

/** Resolves once the registration has an active worker (at once when it already has one). */
function whenActive(registration: ServiceWorkerRegistration): Promise<void> {
  return new Promise((resolve, reject) => {
    if (registration.active) return resolve();
    const worker = registration.installing ?? registration.waiting;
    if (!worker) return reject(new ServiceWorkerUnavailableError('The asset library worker was registered but never installed.'));
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      if (worker.state === 'redundant') reject(new ServiceWorkerUnavailableError(`The asset library worker failed to install (is ${worker.scriptURL} served?).`));
    });
  });
}
