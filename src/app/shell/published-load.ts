/**
 * A published library's first load in the status bar: a progress bar and how many items are in,
 * and, until its index arrives (a bulk load's search, filters and counts come after its last items),
 * that search does not see every item yet; or that the load failed (every retry did), why, and how
 * to try again: reloading the app subscribes again (library-store.ts), which resumes the load. Text
 * only: node tests read it (live-updates.test.ts).
 */
import { formatCount } from '../ui/format';
import type { PublishedLoad } from '../api-types';

export interface LoadText {
  /** The status bar's words. */
  short: string;
  /** The whole story, for the tooltip and screen readers. */
  long: string;
}

export function publishedLoadText({ stored, total, indexed, failed }: PublishedLoad): LoadText {
  if (failed !== undefined) {
    const kept = `${formatCount(Math.min(stored, total))} of ${formatCount(total)} items are stored and stay.`;
    return { short: 'Load failed · reload to retry', long: `Loading this published library failed: ${failed} ${kept} Reload the page to try again.` };
  }
  if (!indexed && stored >= total) {
    return { short: 'Indexing for search…', long: `All ${formatCount(total)} items are here; search, filters and counts see the newest items only until their index is stored.` };
  }
  const counted = `${formatCount(Math.min(stored, total))} of ${formatCount(total)}`;
  const partial = indexed ? '' : ' Until it is done, search, filters and counts see the newest items only.';
  return { short: `Loading ${counted}${indexed ? '' : ' · search partial'}`, long: `Loading this published library: ${counted} items stored.${partial}` };
}
