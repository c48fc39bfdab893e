/**
 * Comments on items: image rect comments (x, y, width, height) and video timestamp comments
 * (duration). The kind is fixed at creation; updating fields of the other kind is refused.
 * Comment text is searchable, so every change refreshes the item's derived data.
 */
import type { Context } from '../context';
import { invalid, notFound } from '../http/errors';
import type { LibraryDb } from '../storage/library-db';
import { refreshItems } from '../storage/item-changes';
import type { CommentRow, ItemRow } from '../storage/rows';
import { writeRequest } from '../storage/write-request';
import { requireItem } from './item-lookup';
import { RECT_FIELDS, type AddCommentInput, type UpdateCommentInput } from './comments.schema';

export type CommentView = Omit<CommentRow, 'itemId'>;

const view = ({ itemId: _item, ...comment }: CommentRow): CommentView => comment;
const isRect = (c: Partial<CommentRow>) => c.width !== undefined;

export async function listComments(ctx: Context, id: string): Promise<CommentView[]> {
  const { db } = await ctx.library();
  const item = await requireItem(db, id);
  const rows = await db.comments.where('itemId').equals(item.id).toArray();
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1)).map(view);
}

export async function addComment(ctx: Context, input: AddCommentInput): Promise<CommentView> {
  const rect = RECT_FIELDS.filter((f) => input[f] !== undefined);
  const hasDuration = input.duration !== undefined;
  if (hasDuration && rect.length > 0) throw invalid('A comment is either a video comment (duration) or an image comment (x, y, width, height), not both.');
  if (!hasDuration && rect.length !== RECT_FIELDS.length) {
    const missing = RECT_FIELDS.filter((f) => input[f] === undefined).join(', ');
    throw invalid(`Give duration for a video comment, or all of x, y, width and height for an image comment (missing: ${missing}).`);
  }
  return write(ctx, input.id, async (db, item, now) => {
    const comment: CommentRow = hasDuration
      ? { id: ctx.ids(), itemId: item.id, annotation: input.annotation ?? '', lastModified: now, duration: input.duration! }
      : { id: ctx.ids(), itemId: item.id, annotation: input.annotation ?? '', lastModified: now, x: input.x!, y: input.y!, width: input.width!, height: input.height! };
    await db.comments.add(comment);
    return view(comment);
  });
}

export async function updateComment(ctx: Context, input: UpdateCommentInput): Promise<CommentView> {
  return write(ctx, input.id, async (db, item, now) => {
    const comment = await requireComment(db, item, input.commentId);
    const rectGiven = RECT_FIELDS.filter((f) => input[f] !== undefined);
    if (isRect(comment) && input.duration !== undefined) throw invalid(`duration: comment "${comment.id}" is an image comment; duration belongs to video comments.`);
    if (!isRect(comment) && rectGiven.length) throw invalid(`${rectGiven[0]}: comment "${comment.id}" is a video comment; ${RECT_FIELDS.join(', ')} belong to image comments.`);
    const updated: CommentRow = { ...comment, lastModified: Math.max(now, comment.lastModified + 1) };
    if (input.annotation !== undefined) updated.annotation = input.annotation;
    for (const f of rectGiven) updated[f] = input[f]!;
    if (input.duration !== undefined) updated.duration = input.duration;
    await db.comments.put(updated);
    return view(updated);
  });
}

export async function removeComment(ctx: Context, id: string, commentId: string): Promise<true> {
  return write(ctx, id, async (db, item) => {
    await db.comments.delete((await requireComment(db, item, commentId)).id);
    return true as const;
  });
}

async function requireComment(db: LibraryDb, item: ItemRow, commentId: string): Promise<CommentRow> {
  const comment = await db.comments.get(commentId);
  if (!comment || comment.itemId !== item.id) throw notFound(`commentId: no comment with id "${commentId}" on item "${item.id}".`);
  return comment;
}

async function write<T>(ctx: Context, itemId: string, work: (db: LibraryDb, item: ItemRow, now: number) => Promise<T>): Promise<T> {
  return writeRequest(ctx, async (db, now) => {
    const item = await requireItem(db, itemId);
    const result = await work(db, item, now);
    await refreshItems(db, [item.pk], ctx.observers, now);
    return result;
  });
}
