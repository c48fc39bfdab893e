/** Read-only facts of an item, as the inspector words them. Pure. */
import type { Item } from '../api-types';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 0 → "0 bytes", 1536 → "1.5 KB", 5_000_000 → "4.8 MB" (binary steps, as file managers show). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export function formatDimensions(item: Pick<Item, 'width' | 'height'>): string {
  return item.width > 0 && item.height > 0 ? `${item.width} × ${item.height}` : '—';
}

export function formatDate(ms: number, locale?: string): string {
  if (!ms) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** [255, 128, 0] → "#ff8000". */
export function hexColor(rgb: readonly number[]): string {
  return `#${rgb.slice(0, 3).map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`;
}
