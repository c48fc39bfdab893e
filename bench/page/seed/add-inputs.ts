/** Planned items as item/add inputs (bookmarkURL or base64 source). */
import type { PlannedItem } from '../../data/library-plan';
import type { FolderIds } from './folders';
import type { TinyPngs } from './tiny-png';

export type AddInput = {
  name: string;
  tags: string[];
  folders: string[];
  annotation: string;
  website?: string;
} & ({ bookmarkURL: string } | { base64: string });

export async function toAddInput(item: PlannedItem, folderIds: FolderIds, pngs: TinyPngs): Promise<AddInput> {
  const common = {
    name: item.name,
    tags: item.tags,
    folders: item.folderKeys.flatMap((key) => folderIds.get(key) ?? []),
    annotation: item.annotation,
    ...(item.website ? { website: item.website } : {}),
  };
  if ('bookmarkURL' in item.source) return { ...common, bookmarkURL: item.source.bookmarkURL };
  return { ...common, base64: (await pngs.get(item.source.image)).base64 };
}
