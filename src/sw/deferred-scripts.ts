/**
 * Packages kept out of the worker's own script (see tools/vite-plugin-service-worker.ts and
 * docs/decisions/service-worker-startup.md) are loaded with importScripts() on first use. A
 * browser allows that later only for scripts the worker imported while installing, and then
 * serves them from the worker's script cache, offline too: so import each one here, once.
 */
declare const self: ServiceWorkerGlobalScope;
/** File names beside sw.js, defined by the build. */
declare const __DEFERRED_SCRIPTS__: readonly string[];

export function installDeferredScripts(): void {
  for (const file of __DEFERRED_SCRIPTS__) self.importScripts(new URL(file, self.location.href).href);
}
