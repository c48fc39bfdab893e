/**
 * folder/remove (ours, docs/api-extensions.md#folders-smart-folders-tags): the folders and every
 * subfolder go in one write, and their items stay in the library, leaving them (an item left in no folder is
 * Unfiled). Smart folder rules that name a removed folder are kept: no item is in it any more, so
 * they still mean what they said (smart-folder.service.ts accepts such ids when they come back).
 */
import type { Context } from '../context';
import { notFound } from '../http/errors';
import { withDerivedFields } from '../listing/item-row';
import { descendantsOf } from '../shared/forest';
import { commitItemChanges } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import { writeRequest } from '../storage/write-request';
import { RECENT_FOLDERS_KEY } from './folder-bookkeeping';
import { selectedFolderId, SELECTED_FOLDER_KEY } from './folder-selection';
import type { RemoveFoldersInput } from './folders.schema';

export function removeFolders(ctx: Context, { ids, field }: RemoveFoldersInput): Promise<true> {
  return writeRequest(ctx, async (db, now) => {
    const all = await db.folders.toArray();
    const known = new Set(all.map((f) => f.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) throw notFound(`Field "${field}": no folder with id "${missing}".`);
    const gone = new Set<string>();
    for (const id of ids) for (const below of descendantsOf(all, id)) gone.add(below);

    const members = await db.items.where('folders').anyOf([...gone]).distinct().toArray();
    const changes = members.map((before) => ({
      before,
      after: withDerivedFields({ ...before, folders: before.folders.filter((f) => !gone.has(f)), modificationTime: now }),
    }));
    // The rows' change first, the folders after: observers reading folder names (smart-folder
    // counts) must find the removed folder's name for each item's state before.
    await commitItemChanges(db, changes, ctx.observers, now);
    await db.folders.bulkDelete([...gone]);
    await forgetFolders(db, gone);
    return true as const;
  });
}

/** The recent-folders list and the selected folder no longer name removed folders. */
async function forgetFolders(db: LibraryDb, gone: ReadonlySet<string>): Promise<void> {
  const recent = (await db.state.get(RECENT_FOLDERS_KEY))?.value;
  if (Array.isArray(recent) && recent.some((id) => gone.has(id as string))) {
    await db.state.put({ key: RECENT_FOLDERS_KEY, value: recent.filter((id) => !gone.has(id as string)) });
  }
  const selected = await selectedFolderId(db);
  if (selected !== undefined && gone.has(selected)) await db.state.delete(SELECTED_FOLDER_KEY);
}
