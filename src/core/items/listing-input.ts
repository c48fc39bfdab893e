/** What picks and orders a listing: item/get's filters, item/query's words, the order and its seed. */
import type { OrderBy } from './item-order';
import type { ItemListInput } from './item.schema';

export type Filters = Omit<ItemListInput, 'offset' | 'limit' | 'fields' | 'orderBy' | 'seed'>;

export interface ListingInput extends Filters {
  query?: string;
  orderBy?: OrderBy;
  seed?: number;
}
