/**
 * Asks the active worker to fetch what its precache still lacks (src/sw/precache-rest.ts): a first
 * install takes only what a start needs. Every page that starts asks (./register-sw.ts, and the
 * embed's register), so a fill a stopped worker left halfway goes on. Resolves with what the worker
 * did for this ask; stays pending if it stops first.
 */
import { FILL_OFFLINE_FILES, type OfflineFiles } from '../sw/messages';

export function fillOfflineFiles(registration: ServiceWorkerRegistration): Promise<OfflineFiles> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<OfflineFiles>) => {
      channel.port1.close();
      resolve(event.data);
    };
    registration.active?.postMessage({ type: FILL_OFFLINE_FILES }, [channel.port2]);
  });
}
