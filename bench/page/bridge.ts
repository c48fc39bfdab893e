/** The driver's functions, exposed on the page's window by Playwright, as a typed DriverBridge. */
import { BRIDGE_NAMES, type BenchPage, type DriverBridge, type PublishedFacts, type PublishedRequest } from '../shared/protocol';

declare global {
  interface Window {
    benchPage?: BenchPage;
  }
}

export function driverBridge(): DriverBridge {
  const exposed = window as unknown as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>;
  const call = (name: string) => {
    const fn = exposed[name];
    if (!fn) throw new Error(`The bench driver did not expose ${name}; open this page through npm run bench.`);
    return fn;
  };
  return {
    stopServiceWorker: async () => void (await call(BRIDGE_NAMES.stopServiceWorker)()),
    serviceWorkerHeapMB: async () => Number(await call(BRIDGE_NAMES.serviceWorkerHeapMB)()),
    pageHeapMB: async () => Number(await call(BRIDGE_NAMES.pageHeapMB)()),
    log: async (line) => void (await call(BRIDGE_NAMES.log)(line)),
    couchOrigin: async () => String(await call(BRIDGE_NAMES.couchOrigin)()),
    publishedLibrary: async () => (await call(BRIDGE_NAMES.publishedLibrary)()) as PublishedFacts,
    publishedUrl: async (run) => String(await call(BRIDGE_NAMES.publishedUrl)(run)),
    publishedRequests: async () => (await call(BRIDGE_NAMES.publishedRequests)()) as PublishedRequest[],
  };
}
