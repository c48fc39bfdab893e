/** Creates the planned folders through folder/create; none when that endpoint is not built yet. */
import { ApiClientError, type ApiClient } from '../../../tests/loose-client';
import type { PlannedFolder } from '../../data/library-plan';

export type FolderIds = ReadonlyMap<string, string>;

export interface NoFolders {
  reason: string;
}

/** Folder ids by plan key, or the reason there are none. */
export async function createPlannedFolders(api: ApiClient, folders: readonly PlannedFolder[]): Promise<FolderIds | NoFolders> {
  const ids = new Map<string, string>();
  if (folders.length === 0) return ids;
  for (const folder of folders) {
    try {
      const parent = folder.parentKey ? ids.get(folder.parentKey) : undefined;
      const created = await api.post<{ id: string }>('/folder/create', { name: folder.name, ...(parent ? { parent } : {}) });
      ids.set(folder.key, created.id);
    } catch (error) {
      if (ids.size === 0 && error instanceof ApiClientError && error.httpStatus === 501) {
        return { reason: 'folder/create answers 501, so items were seeded without folders' };
      }
      throw error;
    }
  }
  return ids;
}
