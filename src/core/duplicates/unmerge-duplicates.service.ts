/**
 * item/unmergeDuplicates (ours): the Undo of item/mergeDuplicates, sent its answer back. The kept
 * item's fields are written back, the others leave the trash and the comments copied onto the
 * kept item go, in ONE write: an Undo cut short (a worker stop, a closed tab) leaves the merge
 * whole, never the others restored beside a kept item that still holds their comments' copies.
 */
import type { Context } from '../context';
import { invalid, notFound } from '../http/errors';
import { withDerivedFields } from '../listing/item-row';
import { itemView, type ItemView } from '../listing/item-view';
import { requireFolderLists } from '../storage/folder-lists';
import { commitItemChanges, refreshItems } from '../storage/item-changes';
import { writeRequest } from '../storage/write-request';
import type { UnmergeDuplicatesInput } from './duplicates.schema';

export interface UnmergeAnswer {
  /** The kept item as it is again. */
  item: ItemView;
  restored: string[];
  /** The copies removed; one the person had removed already is not among them. */
  removedComments: string[];
}

export function unmergeDuplicates(ctx: Context, { keep, previous, trashed, copiedComments }: UnmergeDuplicatesInput): Promise<UnmergeAnswer> {
  const restored = [...new Set(trashed)];
  if (restored.includes(keep)) throw invalid(`trashed: names "${keep}", the item kept ("keep").`);
  return writeRequest(ctx, async (db, now) => {
    const rows = new Map((await db.items.where('id').anyOf([keep, ...restored]).toArray()).map((row) => [row.id, row]));
    const kept = rows.get(keep);
    if (!kept) throw notFound(`keep: no item with id "${keep}".`);
    const missing = restored.findIndex((id) => !rows.has(id));
    if (missing >= 0) throw notFound(`trashed[${missing}]: no item with id "${restored[missing]}".`);
    await requireFolderLists(db, [{ ids: previous.folders ?? [], field: 'previous.folders' }]);
    const comments = await db.comments.bulkGet(copiedComments);
    const elsewhere = comments.findIndex((comment) => comment !== undefined && comment.itemId !== keep);
    if (elsewhere >= 0) throw invalid(`copiedComments[${elsewhere}]: comment "${copiedComments[elsewhere]}" is not on item "${keep}".`);

    const after = withDerivedFields({ ...kept, ...previous, modificationTime: now });
    const back = restored.map((id) => rows.get(id)!).map((before) => ({ before, after: withDerivedFields({ ...before, isDeleted: false, modificationTime: now }) }));
    await commitItemChanges(db, [{ before: kept, after }, ...back], ctx.observers, now);
    // As item/removeComment does: after the rows' change, then the kept item's derived data follows.
    const removedComments = [...new Set(comments.flatMap((comment) => (comment ? [comment.id] : [])))];
    if (removedComments.length) {
      await db.comments.bulkDelete(removedComments);
      await refreshItems(db, [after.pk], ctx.observers, now);
    }
    return { item: itemView(after, ctx.itemLinks), restored, removedComments };
  });
}
