/**
 * Browser tests talk to the real service worker. All test files of a run share one origin and one
 * worker, so each test works in its own library through the X-Library-Path header.
 */
import { cdp } from 'vitest/browser';
import { ApiClient, apiUrl, LIBRARY_HEADER } from '../loose-client';
import { ensureServiceWorker } from '../../src/app/register-sw';

export { ApiClient, apiUrl, LIBRARY_HEADER };

export async function controlledBy(): Promise<ServiceWorkerRegistration> {
  return (await ensureServiceWorker('/sw.js')).registration;
}

/** A new library of its own, and a client bound to it. */
export async function isolatedClient(): Promise<{ client: ApiClient; library: string }> {
  await controlledBy();
  const name = `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await new ApiClient().post<{ path: string }>('/library/create', { name });
  return { client: new ApiClient({ library: created.path }), library: created.path };
}

/** A raw fetch that must have been answered by our worker. */
export async function fetchApi(path: string, init: RequestInit = {}): Promise<{ response: Response; body: any }> {
  const response = await fetch(path.startsWith('/api/') ? path : apiUrl(path), init);
  if (response.headers.get('X-Served-By') !== 'service-worker') {
    throw new Error(`${path} was not answered by the service worker (status ${response.status}).`);
  }
  const type = response.headers.get('Content-Type') ?? '';
  return { response, body: type.includes('json') ? await response.json() : undefined };
}

/** Stops every service worker of the browser (as Chromium does after ~30 s idle). */
export async function stopServiceWorkers(): Promise<void> {
  const session = cdp();
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
}
