/**
 * The pieces of the worker beside sw.js (tools/vite-plugin-service-worker.ts and
 * docs/decisions/service-worker-startup.md). A browser lets a worker import later only the scripts
 * it imported while installing, and sends every one of them to each start, used or not. So the
 * install imports only what a start may need synchronously (`installed`); the rest is precached
 * with the build and evaluated from there on first use by sw.js's loader, or, where the worker's
 * Content-Security-Policy forbids evaluating code, imported while installing too.
 */
import type { PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;
/** sw.js's loader's list, defined by the build (tools/vite-plugin-service-worker.ts, PieceList). */
declare const __SW_PIECES__: {
  installed: readonly string[];
  evaluated: Record<string, { imports: readonly string[]; revision: string }>;
  canEvaluate(): boolean;
};

export function installDeferredScripts(): void {
  const files = __SW_PIECES__.canEvaluate() ? __SW_PIECES__.installed : [...__SW_PIECES__.installed, ...Object.keys(__SW_PIECES__.evaluated)];
  for (const file of files) self.importScripts(new URL(file, self.location.href).href);
}

/** The pieces the loader evaluates, as precache entries (their revision is the one the loader asks for). */
export const evaluatedPieces = (): PrecacheEntry[] => Object.entries(__SW_PIECES__.evaluated).map(([url, { revision }]) => ({ url, revision }));
