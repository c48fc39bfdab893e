/**
 * The ids a bulk action works through, a run at a time: a list the page already holds (a few
 * clicked items, a drop of known ids), or the selection as the worker resolved it, paged through
 * item/selection, so a select-all of a million items never becomes an array in the page.
 */
import type { ApiPort } from '../state/api-port';
import type { SelectionStore } from './selection-store';

export interface IdSource {
  /** How many ids the runs will hold. */
  readonly total: number;
  /** The ids in runs of at most `size`. */
  runs(size: number): AsyncIterable<string[]>;
  /** The ids themselves when the page holds them as a list (a few clicked items). */
  readonly list?: readonly string[];
}

export function idList(ids: readonly string[]): IdSource {
  return {
    total: ids.length,
    list: ids,
    async *runs(size) {
      for (let at = 0; at < ids.length; at += size) yield ids.slice(at, at + size);
    },
  };
}

interface SelectionPage {
  ids: string[];
  total: number;
  version: number;
}

/**
 * The current selection: its ids when made of clicks, else the worker's resolved selection (once
 * item/select holds the latest description). Its first run is read here, for the total.
 */
export async function selectionIds(api: ApiPort, selection: SelectionStore, size = 1_000): Promise<IdSource> {
  const explicit = selection.explicitIds;
  if (explicit) return idList(explicit);
  await selection.mirrored();
  const first = (await api.post('/item/selection', { offset: 0, limit: size })) as SelectionPage;
  return {
    total: first.total,
    async *runs(runSize) {
      for (let offset = 0; offset < first.total; ) {
        // Pinned to the selection the first page came from: a new selection meanwhile is a 409, not other items.
        const ids = offset === 0 && runSize === size ? first.ids : ((await api.post('/item/selection', { offset, limit: runSize, version: first.version })) as SelectionPage).ids;
        if (!ids.length) return;
        yield ids;
        offset += ids.length;
      }
    },
  };
}
