/**
 * One item by id, wherever it is: item/get leaves the trash out unless asked (docs/contract.md#items), so an
 * item not found among the live ones is looked for in the trash. Null when it is in neither.
 */
import type { ApiClient } from '../api-client';
import type { Item, Page } from '../api-types';

export async function readItem(api: Pick<ApiClient, 'get'>, id: string): Promise<Item | null> {
  const live = await api.get<Page<Item>>('/item/get', { id });
  if (live.data[0]) return live.data[0];
  return (await api.get<Page<Item>>('/item/get', { id, isDeleted: true })).data[0] ?? null;
}
