/**
 * The same change to many items (trash, restore, rating) as batch item/update requests of up to
 * 1000 items, each all-or-nothing; the first refused batch stops the run and its error is thrown.
 */
import { chunks } from '../bulk-edit/bulk-changes';
import { PAGE } from '../bulk-edit/selection-reader';
import type { ApiPort } from '../state/api-port';

export async function updateMany(api: ApiPort, ids: readonly string[], change: { isDeleted?: boolean; star?: number }): Promise<void> {
  for (const run of chunks(ids, PAGE)) await api.post('/item/update', { items: run.map((id) => ({ id, ...change })) });
}
