/**
 * The same change to many items (trash, restore, rating) as batch item/update requests of up to
 * 1000 items, each all-or-nothing; the first refused batch stops the run and its error is thrown.
 */
import { PAGE } from '../bulk-edit/selection-reader';
import { idList, type IdSource } from '../selection/selection-ids';
import type { ApiPort } from '../state/api-port';

/** A list of ids, or a source paged from the worker (the selection: ../selection/selection-ids.ts). */
export async function updateMany(api: ApiPort, ids: readonly string[] | IdSource, change: { isDeleted?: boolean; star?: number }): Promise<void> {
  const source = 'runs' in ids ? ids : idList(ids);
  for await (const run of source.runs(PAGE)) await api.post('/item/update', { items: run.map((id) => ({ id, ...change })) });
}
