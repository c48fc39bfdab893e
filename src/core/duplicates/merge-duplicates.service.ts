/**
 * item/mergeDuplicates (ours): a person keeps one item of a group of duplicates. The others' tags,
 * folders, annotations, comments and star are merged into it and they go to the trash, in ONE
 * write: a failure anywhere leaves the library as it was. The answer carries what Undo needs (the
 * kept item's fields before, the comments copied onto it); the others' own comments stay with
 * them, so restoring them from the trash brings everything back.
 */
import type { Context } from '../context';
import { invalid, notFound } from '../http/errors';
import { withDerivedFields } from '../listing/item-row';
import { itemView, type ItemView } from '../listing/item-view';
import { commitItemChanges, refreshItems } from '../storage/item-changes';
import type { CommentRow, ItemRow } from '../storage/rows';
import { writeRequest } from '../storage/write-request';
import type { MergeDuplicatesInput } from './duplicates.schema';

/** The kept item's fields a merge changes, as they were (item/unmergeDuplicates writes them back). */
export interface MergedFields {
  tags: string[];
  folders: string[];
  annotation: string;
  star: number;
  url: string;
}

export interface MergeAnswer {
  item: ItemView;
  trashed: string[];
  previous: MergedFields;
  copiedComments: string[];
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

export function mergeDuplicates(ctx: Context, { keep, others }: MergeDuplicatesInput): Promise<MergeAnswer> {
  const wanted = unique(others);
  if (wanted.includes(keep)) throw invalid(`others: names "${keep}", the item kept ("keep").`);
  return writeRequest(ctx, async (db, now) => {
    const rows = new Map((await db.items.where('id').anyOf([keep, ...wanted]).toArray()).map((row) => [row.id, row]));
    const kept = rows.get(keep);
    if (!kept) throw notFound(`keep: no item with id "${keep}".`);
    if (kept.isDeleted) throw invalid(`keep: item "${keep}" is in the trash.`);
    const missing = wanted.find((id) => !rows.has(id));
    if (missing !== undefined) throw notFound(`others: no item with id "${missing}".`);
    const trashed = wanted.find((id) => rows.get(id)!.isDeleted);
    if (trashed !== undefined) throw invalid(`others: item "${trashed}" is already in the trash.`);

    const merged = wanted.map((id) => rows.get(id)!);
    const previous: MergedFields = { tags: kept.tags, folders: kept.folders, annotation: kept.annotation, star: kept.star, url: kept.url };
    const fields = mergedFields(kept, merged);
    const copies: CommentRow[] = (await db.comments.where('itemId').anyOf(wanted).toArray())
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((comment) => ({ ...comment, id: ctx.ids(), itemId: keep }));
    const after = withDerivedFields({ ...kept, ...fields, modificationTime: now });
    await commitItemChanges(
      db,
      [{ before: kept, after }, ...merged.map((before) => ({ before, after: withDerivedFields({ ...before, isDeleted: true, modificationTime: now }) }))],
      ctx.observers,
      now,
    );
    // The copies go after the rows' change, then the kept item is read again, as a comment added to
    // it is: observers that read comments (smart-folder counts) saw them neither before nor after.
    if (copies.length) {
      await db.comments.bulkAdd(copies);
      await refreshItems(db, [after.pk], ctx.observers, now);
    }
    return { item: itemView(after, ctx.itemLinks), trashed: wanted, previous, copiedComments: copies.map((comment) => comment.id) };
  });
}

/** The union of tags and folders (the kept item's first), every distinct annotation, the highest star, a source URL if the kept item has none. */
export function mergedFields(kept: ItemRow, others: readonly ItemRow[]): MergedFields {
  const all = [kept, ...others];
  return {
    tags: unique(all.flatMap((row) => row.tags)),
    folders: unique(all.flatMap((row) => row.folders)),
    annotation: unique(all.map((row) => row.annotation.trim()).filter((text) => text !== '')).join('\n\n'),
    star: Math.max(...all.map((row) => row.star)),
    url: kept.url || (others.find((row) => row.url !== '')?.url ?? ''),
  };
}
