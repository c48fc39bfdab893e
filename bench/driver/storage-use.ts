/**
 * The origin's storage as the bench page sees it (`navigator.storage.estimate()`), read before the
 * first row and after each one (once the row's libraries and scratch databases are removed). The
 * browser context keeps storage in memory under a quota of its own: the header shows how close a
 * run came to it, and what was left when the published rows began.
 */
import type { Page } from 'playwright';

export interface StorageReading {
  /** The row just run, or `start`. */
  after: string;
  usageMB: number;
  quotaMB: number;
}

const MB = 1024 * 1024;

export async function readStorage(page: Page, after: string): Promise<StorageReading> {
  const { usage, quota } = await page.evaluate(async () => {
    const estimate = await navigator.storage.estimate();
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
  });
  return { after, usageMB: usage / MB, quotaMB: quota / MB };
}

const mb = (value: number) => `${Math.round(value).toLocaleString('en-US')} MB`;

/** One header line: at the start, after seeding, the peak, before the published rows, at the end, and the quota. */
export function storageLine(readings: readonly StorageReading[]): string {
  if (readings.length === 0) return 'storage used: not read';
  const parts = [`${mb(readings[0]!.usageMB)} at the start`];
  const seeded = readings.find((reading) => reading.after === 'seed');
  if (seeded) parts.push(`${mb(seeded.usageMB)} after seeding`);
  const peak = readings.reduce((top, reading) => (reading.usageMB > top.usageMB ? reading : top));
  parts.push(`at most ${mb(peak.usageMB)} (after ${peak.after})`);
  const firstPublished = readings.findIndex((reading) => reading.after.startsWith('publish'));
  if (firstPublished > 0) parts.push(`${mb(readings[firstPublished - 1]!.usageMB)} before the published rows`);
  parts.push(`${mb(readings.at(-1)!.usageMB)} at the end`);
  return `storage used (navigator.storage.estimate, after each row's leftovers are removed): ${parts.join(', ')}; quota ${mb(readings.at(-1)!.quotaMB)}`;
}
