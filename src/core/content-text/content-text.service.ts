/**
 * item/contentText (ours): the text found inside an item, `{source, text}`, or null while none is
 * known (not read yet, or the item holds none).
 */
import type { Context } from '../context';
import { notFound } from '../http/errors';
import { contentTextOf, type ContentText } from './content-text-store';

export async function getContentText(ctx: Context, input: { id: string }): Promise<ContentText | null> {
  const { db } = await ctx.library();
  const item = await db.items.where('id').equals(input.id).first();
  if (!item) throw notFound(`id: no item with id "${input.id}".`);
  return (await contentTextOf(db, item.id)) ?? null;
}
