/**
 * One item by id, wherever it is: item/get leaves the trash out unless asked (docs/contract.md#items), so an
 * item not found among the live ones is looked for in the trash. Null when it is in neither.
 */
import type { ApiClient } from '../api-client';
import { wholeItems, type Item } from '../api-types';

export async function readItem(api: Pick<ApiClient, 'get'>, id: string): Promise<Item | null> {
  const live = wholeItems<Item>(await api.get('/item/get', { id }));
  if (live.data[0]) return live.data[0];
  return wholeItems<Item>(await api.get('/item/get', { id, isDeleted: true })).data[0] ?? null;
}
