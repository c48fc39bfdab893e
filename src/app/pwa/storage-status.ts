/**
 * Storage that lasts: asks the browser to keep this site's data (navigator.storage.persist) once
 * the library holds something worth keeping (an import, or WORTH_KEEPING items: Firefox asks the
 * person, and an empty library is no reason to), says whether it agreed, and warns while free
 * space runs low, before an import fails on a full quota. Renders one small status line into
 * `host` (the app's status bar, or the page when it has none).
 */
import { ApiClient } from '../api-client';
import { formatBytes } from '../ui/format';

/** Items from which a library is worth asking the browser to keep. */
export const WORTH_KEEPING = 20;

export const worthKeeping = (items: number) => items >= WORTH_KEEPING;

/** Warn when less than this share of the quota is left, or less than this many bytes of a large quota. */
const LOW_SHARE = 0.1;
const LOW_BYTES = 200 * 1024 * 1024;
const CHECK_EVERY_MS = 30_000;

export interface StorageReport {
  persisted: boolean;
  usage: number;
  quota: number;
  low: boolean;
}

export function isLow(usage: number, quota: number): boolean {
  return quota - usage < Math.min(LOW_BYTES, quota * LOW_SHARE);
}

export async function readStorage(): Promise<StorageReport> {
  const [persisted, { usage = 0, quota = 0 }] = await Promise.all([navigator.storage.persisted(), navigator.storage.estimate()]);
  return { persisted, usage, quota, low: quota > 0 && isLow(usage, quota) };
}

/** `warningHost` may differ: a phone's status bar keeps the warning in sight and the line behind "More". */
export function startStorageStatus(host: HTMLElement = document.body, warningHost: HTMLElement = host): void {
  if (!navigator.storage?.estimate) return;
  const line = document.createElement('p');
  line.id = 'storage-status';
  line.style.cssText = 'margin:0;font-size:.85em';
  const warning = document.createElement('p');
  warning.id = 'storage-warning';
  warning.setAttribute('role', 'alert');
  warning.style.cssText = 'margin:0;color:#b3261e;font-weight:600';
  warning.hidden = true;
  host.append(line);
  warningHost.append(warning);

  const render = ({ persisted, usage, quota, low }: StorageReport) => {
    line.dataset.persisted = String(persisted);
    // Each line's whole text is also its tooltip: the status bar may cut it short.
    line.textContent = line.title = `${persisted ? 'Storage is persistent' : 'Storage may be cleared by the browser when space runs low'} · ${formatBytes(usage)} of ${formatBytes(quota)} used`;
    warning.hidden = !low;
    warning.textContent = warning.title = low ? `Storage is nearly full: ${formatBytes(Math.max(0, quota - usage))} left. Free some space before importing more.` : '';
  };
  const refresh = () => void readStorage().then(render, () => undefined);

  // Chromium answers from engagement, installation or a permission, without a prompt; Firefox asks.
  const ask = async () => {
    if (!(await navigator.storage.persisted())) await navigator.storage.persist?.().catch(() => false);
    refresh();
  };
  void (async () => {
    const count = await new ApiClient().get('/item/countAll').catch(() => 0);
    if (worthKeeping(count)) await ask();
    else refresh();
  })();
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && refresh());
  // Imports are what fill storage, and what is worth keeping: ask, and read it again as their items land.
  document.addEventListener('items-imported', () => void ask());
  setInterval(refresh, CHECK_EVERY_MS);
}
