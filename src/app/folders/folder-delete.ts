/**
 * "Delete folder…" (the sidebar's folder menu, or Delete on a folder's row): asks first, saying that
 * the subfolders go and the items stay, then one folder/remove (all or nothing). A view of a
 * removed folder goes back to All items. No Undo: folder/create cannot give a folder its old id,
 * which the items' folder lists, smart folder rules and synced copies name.
 */
import type { AppStores } from '../shell/app-stores';
import { confirmAction } from '../ui/confirm';
import { plural } from '../ui/format';
import { findFolder, subtreeIds } from './folder-tree';

export type FolderDeleteStores = Pick<AppStores, 'api' | 'sidebar' | 'results' | 'toasts' | 'view'>;

/** The confirm dialog's sentences (also the docs' wording). */
export function deleteFolderText(name: string, subfolders: number): string[] {
  return [
    subfolders
      ? `“${name}” and the ${plural(subfolders, 'subfolder')} inside it will be deleted.`
      : `The folder “${name}” will be deleted.`,
    'The items in them stay in the library: they leave these folders, and items in no other folder show under Unfiled.',
    'This cannot be undone.',
  ];
}

export async function deleteFolder(stores: FolderDeleteStores, id: string): Promise<void> {
  const { api, sidebar, results, toasts, view } = stores;
  const folder = findFolder(sidebar.folders, id);
  if (!folder) return;
  const gone = subtreeIds(sidebar.folders, id);
  const sure = await confirmAction({ title: `Delete “${folder.name}”?`, body: deleteFolderText(folder.name, gone.size - 1), action: 'Delete folder' });
  if (!sure) return;
  try {
    await api.post('/folder/remove', { folderId: id });
  } catch (error) {
    toasts.error(error);
    return;
  }
  const shown = view.state.view;
  if (shown.kind === 'folder' && gone.has(shown.id)) view.set({ view: { kind: 'all' } });
  else await results.refresh();
  await sidebar.load();
  toasts.show(`Deleted the folder “${folder.name}”${gone.size > 1 ? ` and ${plural(gone.size - 1, 'subfolder')}` : ''}`);
}
