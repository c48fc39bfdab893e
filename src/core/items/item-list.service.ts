/** item/get and item/countAll. */
import type { Context } from '../context';
import type { Page } from '../http/pagination';
import { filterItems } from '../listing/filters';
import type { ItemView } from '../listing/item-view';
import { withSeed } from '../listing/order';
import { pageOfItems } from '../listing/page';
import { countLiveItems } from '../storage/counts';
import type { ItemListInput } from './item.schema';

export async function listItems(ctx: Context, input: ItemListInput): Promise<Page<Partial<ItemView>>> {
  const { db } = await ctx.library();
  const candidates = await filterItems(db, input, (ids) => ctx.listing.smartFolders(db, ids, ctx.clock()));
  return pageOfItems(db, ctx.itemLinks, candidates, input, withSeed(input.orderBy, input.seed), input.fields);
}

export async function countAll(ctx: Context): Promise<number> {
  return countLiveItems((await ctx.library()).db);
}
