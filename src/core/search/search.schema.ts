import { z } from 'zod';
import { orderBySchema } from '../listing/order';
import { pageFields } from '../http/pagination';
import { integer } from '../http/input';
import { itemFilterFields, MAX_QUERY_LENGTH } from '../listing/listing.schema';
import { lazyValue } from '../shared/lazy-value';

export { MAX_QUERY_LENGTH };

export const itemQueryInput = lazyValue(() => z.object({
  query: z.string().max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`).default(''),
  orderBy: orderBySchema().optional(),
  seed: integer().optional(),
  ...itemFilterFields(),
  ...pageFields(),
}));

export type ItemQueryInput = z.output<ReturnType<typeof itemQueryInput>>;
