/** Folders named by a request's lists, each unknown id a 404 naming its field (http/errors.ts). */
import { notFound } from '../http/errors';
import type { LibraryDb } from './library-db';
import type { FolderRow } from './rows';
import { rowsByKey } from './rows-by-key';

/**
 * The folders named by each list, in its order, read once for all of them (a batch of item/add
 * names the same few dozen folders a thousand times: one range read rather than a get each, see
 * rows-by-key.ts); the first list holding an unknown id is a 404 naming its field and that id.
 */
export async function requireFolderLists(db: LibraryDb, lists: readonly { ids: readonly string[]; field: string }[]): Promise<FolderRow[][]> {
  const unique = [...new Set(lists.flatMap((list) => list.ids))];
  const rows = new Map<string, FolderRow>();
  for (const row of unique.length ? await rowsByKey(db.folders, unique) : []) if (row) rows.set(row.id, row);
  return lists.map(({ ids, field }) => {
    const missing = ids.find((id) => !rows.has(id));
    if (missing !== undefined) throw notFound(`${field}: no folder with id "${missing}".`);
    return ids.map((id) => rows.get(id)!);
  });
}
