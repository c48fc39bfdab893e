/**
 * item/remove (ours; the reference only moves items to the trash): deletes items for good, with
 * their files, thumbnails, jobs (the observers) and comments, in one write. Only items already in
 * the trash: a script cannot lose a live item by one call.
 */
import type { Context } from '../context';
import { invalid, notFound } from '../http/errors';
import { commitItemChanges } from '../storage/item-changes';
import { writeRequest } from '../storage/write-request';

export function removeItems(ctx: Context, { ids }: { ids: string[] }): Promise<true> {
  return writeRequest(ctx, async (db, now) => {
    const wanted = [...new Set(ids)];
    const rows = new Map((await db.items.where('id').anyOf(wanted).toArray()).map((row) => [row.id, row]));
    const missing = wanted.find((id) => !rows.has(id));
    if (missing !== undefined) throw notFound(`Field "ids": no item with id "${missing}".`);
    const live = wanted.find((id) => !rows.get(id)!.isDeleted);
    if (live !== undefined) throw invalid(`Field "ids": item "${live}" is not in the trash; only trashed items can be deleted for good.`);
    await db.comments.where('itemId').anyOf(wanted).delete();
    await commitItemChanges(db, [...rows.values()].map((before) => ({ before })), ctx.observers, now);
    return true as const;
  });
}
