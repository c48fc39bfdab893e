/** item/update: only the fields sent change; `isDeleted` moves to and from the trash. */
import type { Context } from '../context';
import { ITEM_OBSERVERS } from '../item-observers';
import { commitItemChanges } from '../storage/item-changes';
import type { ItemRow } from '../storage/rows';
import { writeRequest } from '../storage/write-request';
import { folderTags, requireFolders, requireItem } from './item-lookup';
import { withDerivedFields } from './item-row';
import { itemView, type ItemView } from './item-view';
import type { UpdateInput } from './item.schema';

const EDITABLE = ['name', 'tags', 'folders', 'annotation', 'url', 'star', 'noThumbnail', 'noPreview', 'isDeleted'] as const;

export async function updateItem(ctx: Context, input: UpdateInput): Promise<ItemView> {
  return writeRequest(ctx, async (db, now) => {
    const before = await requireItem(db, input.id);
    const changes: Partial<ItemRow> = {};
    for (const key of EDITABLE) if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
    if (input.folders) {
      // Folders the item newly enters give it their tags, as when adding to a folder.
      const entered = input.folders.filter((id) => !before.folders.includes(id));
      const folders = await requireFolders(db, input.folders, 'folders');
      const inherited = folderTags(folders.filter((f) => entered.includes(f.id)));
      if (inherited.length) changes.tags = [...(changes.tags ?? before.tags), ...inherited];
    }
    const changed = Object.keys(changes).length > 0;
    const after = withDerivedFields({
      ...before,
      ...changes,
      modificationTime: input.modificationTime ?? (changed ? now : before.modificationTime),
    });
    await commitItemChanges(db, [{ before, after }], ITEM_OBSERVERS, now);
    return itemView(after, ctx.apiPrefix);
  });
}
