import { route } from '../http/router';
import { itemQueryInput } from './search.schema';
import { searchItems } from './search.service';

export const searchRoutes = [
  route('POST', '/item/query', itemQueryInput, async (ctx, input) => searchItems((await ctx.library()).db, input, ctx.apiPrefix)),
];
