/**
 * Whether a file fits in the room the browser leaves this site (navigator.storage.estimate()).
 * The service worker checks a body before storing it, and the page checks before sending, so a
 * file too large for the quota is refused at once with the reason, not after gigabytes moved.
 */
import { formatBytes } from './format-bytes';

export interface StorageEstimateLike {
  usage?: number;
  quota?: number;
}

export interface Room {
  usage: number;
  quota: number;
  left: number;
}

/** The room left; undefined where the browser states no quota (node, or an estimate that failed). */
export function roomOf(estimate: StorageEstimateLike | undefined): Room | undefined {
  const quota = estimate?.quota;
  if (!quota || !Number.isFinite(quota)) return undefined;
  const usage = Math.max(0, estimate?.usage ?? 0);
  return { usage, quota, left: Math.max(0, quota - usage) };
}

/** The reason a file of `size` bytes does not fit, naming `field` (if any); undefined when it fits or nothing is known. */
export function tooLargeFor(room: Room | undefined, size: number, field = ''): string | undefined {
  if (!room || size <= room.left) return undefined;
  return (
    `${field ? `${field}: the` : 'The'} file is ${formatBytes(size)}, but the browser lets this site store only ${formatBytes(room.left)} more ` +
    `(navigator.storage.estimate(): ${formatBytes(room.usage)} used of ${formatBytes(room.quota)}).`
  );
}
