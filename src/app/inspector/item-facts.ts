/** Read-only facts of an item, as the inspector words them. Pure. */
import type { Item } from '../api-types';

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
