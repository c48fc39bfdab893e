/**
 * The web app's selection (item/select, ours), read by item/get's `isSelected`; and item/open.
 * A selection comes as ids, or described: a listing, ranges of its positions, ids added and removed
 * by hand. The worker resolves a description once and keeps the ids it resolved to in chunked
 * selection rows (../listing/selection-rows.ts), so a worker stop loses nothing and a listing that changes while a bulk action pages through
 * the selection (item/selection) does not shift what is selected.
 */
import type { Context } from '../context';
import { conflict, notFound } from '../http/errors';
import { orderedListing } from '../listing/candidates';
import { selectionSlice, writeSelection } from '../listing/selection-rows';
import type { SelectInput } from './item.schema';

/** Ids an `item selected` event carries at most: a select-all of a million items is not broadcast. */
export const ANNOUNCED_IDS = 100;

/** The part of a primary key after the import time is the item's id (item-row.ts `itemPk`). */
const idOf = (pk: string): string => pk.slice(pk.indexOf(':') + 1);

async function requireIds(ctx: Context, ids: readonly string[], field = 'ids'): Promise<void> {
  const { db } = await ctx.library();
  const found = new Set(await db.items.where('id').anyOf([...ids]).keys());
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`${field}: no item with id "${missing[0]}".`);
}

/** The ids a described selection stands for, in the listing's order, then the added ones. */
async function resolve(ctx: Context, input: SelectInput): Promise<string[]> {
  const removed = new Set(input.removed ?? []);
  const out = new Set<string>();
  if (input.listing && input.ranges?.length) {
    const ordered = await orderedListing(ctx, input.listing);
    for (const { from, to } of [...input.ranges].sort((a, b) => a.from - b.from)) {
      for (let at = from; at <= Math.min(to, ordered.length - 1); at++) {
        const id = idOf(ordered[at]!);
        if (!removed.has(id)) out.add(id);
      }
    }
  }
  if (input.added?.length) await requireIds(ctx, input.added, 'added');
  for (const id of input.added ?? []) if (!removed.has(id)) out.add(id);
  return [...out];
}

export async function selectItems(ctx: Context, input: SelectInput): Promise<true> {
  let selected: string[];
  if (input.ids !== undefined) {
    await requireIds(ctx, input.ids);
    selected = [...new Set(input.ids)];
  } else {
    selected = await resolve(ctx, input);
  }
  // Selecting is not an edit of the library, so it does not touch its modificationTime.
  const { db, record } = await ctx.library();
  const { version, total } = await writeSelection(db, selected);
  // Every page hears of it on /api/v2/events (the <asset-library> element's select event): the
  // first ids, the count and a version; a listener wanting more pages through item/selection.
  ctx.changes.publish({ kind: 'item', action: 'selected', ids: selected.slice(0, ANNOUNCED_IDS), details: { count: total, version }, library: record.path });
  return true;
}

/** A stretch of the selection as resolved when it was made, in its order, with its size. */
export async function selectionPage(ctx: Context, page: { offset: number; limit: number; version?: number }): Promise<{ ids: string[]; total: number; offset: number; version: number }> {
  const { db } = await ctx.library();
  const { ids, total, version } = await selectionSlice(db, page.offset, page.limit);
  // A bulk action paging through one selection must not carry on into the next one.
  if (page.version !== undefined && page.version !== version) throw conflict(`version: the selection changed since version ${page.version} (now ${version}).`);
  return { ids, total, offset: page.offset, version };
}

export async function openItem(ctx: Context, id: string): Promise<true> {
  await requireIds(ctx, [id]);
  ctx.changes.publish({ kind: 'item', action: 'opened', ids: [id], library: (await ctx.library()).record.path });
  return true;
}
