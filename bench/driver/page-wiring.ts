/**
 * What every bench page gets from the driver: its errors in the log, and the bridge functions the
 * page calls to stop the service worker and read heaps over CDP.
 */
import type { Browser, Page } from 'playwright';
import { BRIDGE_NAMES } from '../shared/protocol';
import { ServiceWorkerCdp } from './service-worker-cdp';

export async function wireBenchPage(browser: Browser, page: Page, log: (line: string) => void): Promise<ServiceWorkerCdp> {
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  page.on('console', (message) => {
    // Failed loads (the favicon, the 501s of probed endpoints) are reported by the scenarios themselves.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) log(`page console: ${message.text()}`);
  });
  const worker = await ServiceWorkerCdp.attach(browser, page);
  await page.exposeFunction(BRIDGE_NAMES.stopServiceWorker, () => worker.stop());
  await page.exposeFunction(BRIDGE_NAMES.serviceWorkerHeapMB, () => worker.heapMB());
  await page.exposeFunction(BRIDGE_NAMES.pageHeapMB, () => worker.pageHeapMB());
  await page.exposeFunction(BRIDGE_NAMES.log, (line: string) => log(line));
  return worker;
}
