/** The web app's selection (item/select, ours), read by item/get's `isSelected`; and item/open. */
import type { Context } from '../context';
import { notFound } from '../http/errors';
import { SELECTION_KEY } from '../listing/filters';

async function requireIds(ctx: Context, ids: readonly string[]): Promise<void> {
  const { db } = await ctx.library();
  const found = new Set(await db.items.where('id').anyOf([...ids]).keys());
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`ids: no item with id "${missing[0]}".`);
}

export async function selectItems(ctx: Context, ids: readonly string[]): Promise<true> {
  await requireIds(ctx, ids);
  // Selecting is not an edit of the library, so it does not touch its modificationTime.
  const { db, record } = await ctx.library();
  const selected = [...new Set(ids)];
  await db.state.put({ key: SELECTION_KEY, value: selected });
  // Every page hears of it on /api/v2/events (the <asset-library> element's select event).
  ctx.changes.publish({ kind: 'item', action: 'selected', ids: selected, library: record.path });
  return true;
}

export async function openItem(ctx: Context, id: string): Promise<true> {
  await requireIds(ctx, [id]);
  ctx.changes.publish({ kind: 'item', action: 'opened', ids: [id], library: (await ctx.library()).record.path });
  return true;
}
