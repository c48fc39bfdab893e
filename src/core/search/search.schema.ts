import { z } from 'zod';
import { orderBySchema } from '../items/item-order';
import { pageFields } from '../http/pagination';

/** Long enough for any hand-written query; bounds the parser's work. */
export const MAX_QUERY_LENGTH = 2000;

export const itemQueryInput = z.lazy(() => z.object({
  query: z.string().max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`).default(''),
  orderBy: orderBySchema().optional(),
  ...pageFields(),
}));

export type ItemQueryInput = z.output<typeof itemQueryInput>;
