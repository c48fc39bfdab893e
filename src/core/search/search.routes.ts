import { route } from '../http/router';
import { hasFilters, listingCandidates } from '../listing/candidates';
import { pageOfItems } from '../listing/page';
import { withSeed } from '../listing/order';
import { itemQueryInput } from './search.schema';
import { searchItems } from './search.service';

export const searchRoutes = [
  route(
    'POST',
    '/item/query',
    itemQueryInput,
    async (ctx, input) => {
      const { db } = await ctx.library();
      if (!hasFilters(input) && input.seed === undefined) return searchItems(db, input, ctx.itemLinks);
      // Ours: item/get's filters narrow the search, and a seed fixes a RANDOM order.
      return pageOfItems(db, ctx.itemLinks, await listingCandidates(ctx, db, input), input, withSeed(input.orderBy, input.seed));
    },
    { writes: false },
  ),
];
