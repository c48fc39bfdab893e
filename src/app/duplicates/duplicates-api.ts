/**
 * The Duplicates view's calls: the groups (item/duplicates), the items shown in them (item/get by
 * ids), the merge (item/mergeDuplicates, one write) and its Undo (item/unmergeDuplicates, one
 * write: the kept item's fields back, the others out of the trash, the copied comments removed).
 */
import type { ApiClient } from '../api-client';
import { wholeItems, type Item } from '../api-types';

export interface DuplicateGroup {
  kind: 'exact' | 'similar';
  items: { id: string; score: number }[];
}

export interface MergeAnswer {
  item: Item;
  trashed: string[];
  previous: Pick<Item, 'tags' | 'folders' | 'annotation' | 'star' | 'url'>;
  copiedComments: string[];
}

/** Groups shown at once: a person reviews a few dozen at a sitting. */
export const GROUPS_SHOWN = 50;

interface FolderNode { id: string; name: string; children?: readonly FolderNode[] }

/** Every folder's name, by id (a subfolder's with its parents': "Trips / Beach"). */
async function folderNames(api: ApiClient): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const walk = (nodes: readonly FolderNode[], prefix: string) =>
    nodes.forEach((node) => (names.set(node.id, prefix + node.name), walk(node.children ?? [], `${prefix}${node.name} / `)));
  walk((await api.get('/folder/get', { limit: 1000 })).data, '');
  return names;
}

export interface Found {
  groups: DuplicateGroup[];
  total: number;
  items: Map<string, Item>;
  folderNames: Map<string, string>;
}

export async function findDuplicates(api: ApiClient): Promise<Found> {
  const { groups, total } = await api.post('/item/duplicates', { limit: GROUPS_SHOWN });
  const ids = groups.flatMap((group) => group.items.map((item) => item.id));
  const items = new Map<string, Item>();
  for (let at = 0; at < ids.length; at += 1000) {
    const page = wholeItems<Item>(await api.post('/item/get', { ids: ids.slice(at, at + 1000), limit: 1000 }));
    for (const item of page.data) items.set(item.id, item);
  }
  return { groups, total, items, folderNames: await folderNames(api) };
}

export const mergeDuplicates = (api: ApiClient, keep: string, others: string[]): Promise<MergeAnswer> => api.post('/item/mergeDuplicates', { keep, others });

export async function undoMerge(api: ApiClient, merged: MergeAnswer): Promise<void> {
  const { item, previous, trashed, copiedComments } = merged;
  await api.post('/item/unmergeDuplicates', { keep: item.id, previous, trashed, copiedComments });
}
