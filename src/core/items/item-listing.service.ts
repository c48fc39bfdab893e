/**
 * The web app's view of a result as a whole (ours): item/get's filters, optionally narrowed by an
 * item/query search, in one order. item/ids lists the ids of a stretch of it (select-all, a
 * shift-click range across pages never loaded) and item/position finds where one item sits in it
 * (keep the focus on an item after a re-sort, jump to it). item/query with filters uses it too.
 */
import type { Context } from '../context';
import { notFound } from '../http/errors';
import { listingWindow, orderedListing } from '../listing/candidates';
import type { ItemIdsInput, ItemPositionInput } from './item.schema';

/** The part of a primary key after the import time is the item's id (item-row.ts `itemPk`). */
const idOf = (pk: string): string => pk.slice(pk.indexOf(':') + 1);

export async function listItemIds(ctx: Context, input: ItemIdsInput): Promise<{ ids: string[]; total: number; offset: number }> {
  const { keys, total } = await listingWindow(ctx, input, input.offset, input.limit);
  return { ids: keys.map(idOf), total, offset: input.offset };
}

/** Where `item` sits in the ordered result: 0-based, or -1 when the filters leave it out. */
export async function itemPosition(ctx: Context, input: ItemPositionInput): Promise<{ position: number; total: number }> {
  const { db } = await ctx.library();
  const row = await db.items.where('id').equals(input.item).first();
  if (!row) throw notFound(`item: no item with id "${input.item}".`);
  const ordered = await orderedListing(ctx, input);
  return { position: ordered.indexOf(row.pk), total: ordered.length };
}
