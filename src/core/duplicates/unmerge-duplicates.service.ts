/**
 * item/unmergeDuplicates (ours): the Undo of item/mergeDuplicates, sent its answer back. The kept
 * item's fields are written back, the others leave the trash and the comments copied onto the
 * kept item go, in ONE write: an Undo cut short (a worker stop, a closed tab) leaves the merge
 * whole, never the others restored beside a kept item that still holds their comments' copies.
 */
import type { Context } from '../context';
import { invalid } from '../http/errors';
import { applyUpdates, type UpdateEntry } from '../items/item-update.service';
import type { ItemView } from '../listing/item-view';
import { refreshItems } from '../storage/item-changes';
import type { UnmergeDuplicatesInput } from './duplicates.schema';

export interface UnmergeAnswer {
  /** The kept item as it is again. */
  item: ItemView;
  restored: string[];
  /** The copies removed; one the person had removed already is not among them. */
  removedComments: string[];
}

export async function unmergeDuplicates(ctx: Context, { keep, previous, trashed, copiedComments }: UnmergeDuplicatesInput): Promise<UnmergeAnswer> {
  const restored = [...new Set(trashed)];
  if (restored.includes(keep)) throw invalid(`trashed: names "${keep}", the item kept ("keep").`);
  const entries: UpdateEntry[] = [
    { input: { id: keep, ...previous }, field: 'previous', idField: 'keep' },
    ...restored.map((id, index) => ({ input: { id, isDeleted: false }, field: `trashed[${index}]`, idField: `trashed[${index}]` })),
  ];
  let removedComments: string[] = [];
  const [item] = await applyUpdates(ctx, entries, async (db, now, written) => {
    const comments = await db.comments.bulkGet(copiedComments);
    const elsewhere = comments.findIndex((comment) => comment !== undefined && comment.itemId !== keep);
    if (elsewhere >= 0) throw invalid(`copiedComments[${elsewhere}]: comment "${copiedComments[elsewhere]}" is not on item "${keep}".`);
    removedComments = [...new Set(comments.flatMap((comment) => (comment ? [comment.id] : [])))];
    if (removedComments.length === 0) return;
    await db.comments.bulkDelete(removedComments);
    // As item/removeComment does: the kept item's derived data (comment text is searchable) follows.
    await refreshItems(db, [written.get(keep)!.pk], ctx.observers, now);
  });
  return { item: item!, restored, removedComments };
}
