/**
 * Applies one bulk change to any number of items as batch item/update requests of up to 1000. Each
 * run of ids is read just before it is written, so the tags or folders it replaces are the current
 * ones (no lost write when something else edited an item meanwhile). A batch is all-or-nothing; the
 * run stops at the first refused batch and says exactly how far it got.
 */
import type { ApiClient } from '../api-client';
import { errorMessage } from '../ui/events';
import { chunks, updateFor, type BulkChange, type ItemUpdate } from './bulk-changes';
import { PAGE, readItems } from './selection-reader';

export interface BulkProgress {
  done: number;
  total: number;
}

export interface BulkResult extends BulkProgress {
  /** Items the change was written to (those it did not already hold). */
  changed: string[];
  /** The API's message when a batch was refused; the items from `done` on were not changed. */
  error?: string;
}

export async function runBulk(
  api: ApiClient,
  ids: readonly string[],
  change: BulkChange,
  onProgress: (progress: BulkProgress) => void = () => {},
): Promise<BulkResult> {
  const result: BulkResult = { done: 0, total: ids.length, changed: [] };
  onProgress({ done: 0, total: result.total });
  for (const run of chunks(ids, PAGE)) {
    let updates: ItemUpdate[] = [];
    try {
      updates = (await readItems(api, run)).map((item) => updateFor(item, change)).filter((u) => u !== null);
      if (updates.length) await api.post('/item/update', { items: updates });
    } catch (error) {
      return { ...result, error: nameTheItem(errorMessage(error), updates) };
    }
    result.changed.push(...updates.map((u) => u.id));
    result.done += run.length;
    onProgress({ done: result.done, total: result.total });
  }
  return result;
}

/** The API names a batch entry by its index in that request (`items[3].star: ...`); a person needs the item. */
function nameTheItem(message: string, updates: readonly ItemUpdate[]): string {
  return message.replace(/\bitems\[(\d+)\]/, (whole, index: string) => {
    const id = updates[Number(index)]?.id;
    return id ? `item ${id}` : whole;
  });
}
