/**
 * Applies one bulk change to any number of items as batch item/update requests of up to 1000, the
 * ids coming a run at a time (a list, or the worker's selection: ../selection/selection-ids.ts). Each
 * run of ids is read just before it is written, so the tags or folders it replaces are the current
 * ones (no lost write when something else edited an item meanwhile). A batch is all-or-nothing; the
 * run stops at the first refused batch and says exactly how far it got. A run that finished counts
 * the items as it left them, so the editor shows the new summary without reading the selection again
 * (6 s at 30,000 items, a fifth of the run).
 */
import type { ApiClient } from '../api-client';
import { errorMessage } from '../ui/events';
import type { IdSource } from '../selection/selection-ids';
import { updateFor, type BulkChange, type ItemUpdate } from './bulk-changes';
import { PAGE, readItems } from './selection-reader';
import { SummaryCounter, type SelectionSummary } from './selection-summary';

export interface BulkProgress {
  done: number;
  total: number;
}

export interface BulkResult extends BulkProgress {
  /** How many items the change was written to (those it did not already hold). */
  changed: number;
  /** Their ids, up to CHANGED_IDS (a panel showing one of them reads it again); a million are not kept. */
  changedIds: string[];
  /** The API's message when a batch was refused; the items from `done` on were not changed. */
  error?: string;
  /** Every item as the run left it, counted; none when a batch was refused. */
  summary?: SelectionSummary;
}

/** Changed ids a result keeps at most. */
export const CHANGED_IDS = 1_000;

export async function runBulk(
  api: ApiClient,
  ids: IdSource,
  change: BulkChange,
  onProgress: (progress: BulkProgress) => void = () => {},
): Promise<BulkResult> {
  const result: BulkResult = { done: 0, total: ids.total, changed: 0, changedIds: [] };
  const after = new SummaryCounter();
  onProgress({ done: 0, total: result.total });
  for await (const run of ids.runs(PAGE)) {
    let updates: ItemUpdate[] = [];
    try {
      const items = await readItems(api, run);
      const written = items.map((item) => ({ item, update: updateFor(item, change) }));
      updates = written.flatMap(({ update }) => (update ? [update] : []));
      if (updates.length) await api.post('/item/update', { items: updates });
      after.add(written.map(({ item, update }) => ({ ...item, ...update })));
    } catch (error) {
      return { ...result, error: nameTheItem(errorMessage(error), updates) };
    }
    result.changed += updates.length;
    for (const update of updates.slice(0, CHANGED_IDS - result.changedIds.length)) result.changedIds.push(update.id);
    result.done += run.length;
    onProgress({ done: result.done, total: result.total });
  }
  return { ...result, summary: after.summary() };
}

/** The API names a batch entry by its index in that request (`items[3].star: ...`); a person needs the item. */
function nameTheItem(message: string, updates: readonly ItemUpdate[]): string {
  return message.replace(/\bitems\[(\d+)\]/, (whole, index: string) => {
    const id = updates[Number(index)]?.id;
    return id ? `item ${id}` : whole;
  });
}
