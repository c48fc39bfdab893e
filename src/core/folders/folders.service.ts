/** folder/get, folder/create, folder/update and folder/open. There is no folder delete (docs/contract.md#folders). */
import type { Context } from '../context';
import { invalid, notFound } from '../http/errors';
import { paginate } from '../http/pagination';
import { descendantsOf } from '../shared/forest';
import { refreshItems } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { FolderRow } from '../storage/rows';
import { writeRequest } from '../storage/write-request';
import { folderForest, folderView, type FolderView } from './folder-view';
import { recentFolderIds, selectedFolderId, selectFolder } from './folder-selection';
import type { CreateFolderInput, GetFoldersInput, UpdateFolderInput } from './folders.schema';

/**
 * folder/get: without a filter, the tree (root folders, each nesting its `children`); with filters
 * (combined with AND), the named folders wherever they sit, each with its subtree (docs/contract.md#folders).
 */
export async function getFolders(ctx: Context, input: GetFoldersInput) {
  const { db } = await ctx.library();
  const [forest, recent, selected] = await db.transaction('r', [db.folders, db.state], () =>
    Promise.all([folderForest(db), input.isRecent ? recentFolderIds(db) : [], input.isSelected ? selectedFolderId(db) : undefined]),
  );
  const filtered = input.id !== undefined || input.ids !== undefined || input.isRecent === true || input.isSelected === true;
  if (!filtered) return paginate(forest.roots, input);
  let folders = input.isRecent ? recent.flatMap((id) => forest.byId.get(id) ?? []) : forest.depthFirst;
  if (input.id !== undefined) folders = folders.filter((f) => f.id === input.id);
  if (input.ids !== undefined) {
    const wanted = new Set(input.ids);
    folders = folders.filter((f) => wanted.has(f.id));
  }
  if (input.isSelected) folders = folders.filter((f) => f.id === selected);
  return paginate(folders, input);
}

async function requireFolder(db: LibraryDb, id: string, field: string): Promise<FolderRow> {
  const row = await db.folders.get(id);
  if (!row) throw notFound(`Field "${field}": no folder with id "${id}".`);
  return row;
}

export function createFolder(ctx: Context, input: CreateFolderInput): Promise<FolderView> {
  return writeRequest(ctx, async (db, now) => {
    if (input.parent !== null) await requireFolder(db, input.parent, 'parent');
    // Siblings are listed in creation order: keep creation times strictly increasing, so folders
    // made within one millisecond stay in request order.
    const latest = Math.max(0, ...(await db.folders.toArray()).map((f) => f.createdAt));
    const row: FolderRow = { id: ctx.ids(), ...input, tags: [], modificationTime: now, createdAt: Math.max(now, latest + 1), imageCount: 0 };
    await db.folders.add(row);
    return folderView(row);
  });
}

/** Refuses a parent that is the folder itself or one of its descendants (a cycle). */
async function checkNewParent(db: LibraryDb, id: string, parent: string): Promise<void> {
  await requireFolder(db, parent, 'parent');
  if (descendantsOf(await db.folders.toArray(), id).has(parent)) {
    const what = parent === id ? 'itself' : `its own descendant "${parent}"`;
    throw invalid(`Field "parent": folder "${id}" cannot be moved under ${what}.`);
  }
}

export function updateFolder(ctx: Context, { id, ...changes }: UpdateFolderInput): Promise<FolderView> {
  return writeRequest(ctx, async (db, now) => {
    const before = await requireFolder(db, id, 'id');
    if (changes.parent) await checkNewParent(db, id, changes.parent);
    const next: FolderRow = { ...before, modificationTime: now };
    if (changes.name !== undefined) next.name = changes.name;
    if (changes.description !== undefined) next.description = changes.description;
    if (changes.tags !== undefined) next.tags = changes.tags;
    if (changes.iconColor !== undefined) next.iconColor = changes.iconColor;
    if (changes.parent !== undefined) next.parent = changes.parent;
    await db.folders.put(next);
    // Folder names are searchable text of the items in the folder: let the search index follow.
    if (next.name !== before.name) await refreshItems(db, await db.items.where('folders').equals(id).primaryKeys(), ctx.observers, now);
    return (await folderForest(db)).byId.get(id)!;
  });
}

/** folder/open (ours): selects the folder and asks every open tab to show it. */
export async function openFolder(ctx: Context, { id }: { id: string }): Promise<true> {
  await writeRequest(ctx, async (db) => {
    await requireFolder(db, id, 'id');
    await selectFolder(db, id);
  });
  ctx.changes.publish({ kind: 'folder', action: 'opened', ids: [id], library: (await ctx.library()).record.path });
  return true;
}
