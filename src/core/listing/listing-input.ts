/** What picks and orders a listing: item/get's filters, item/query's words, the order and its seed. */
import type { Filters } from './listing.schema';
import type { OrderBy } from './order';

export type { Filters };

export interface ListingInput extends Filters {
  query?: string;
  orderBy?: OrderBy;
  seed?: number;
}
