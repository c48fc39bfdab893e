/** Library metadata, history, switching, creation and icons. */
import type { Context, OpenLibrary } from '../context';
import { folderForest } from '../folders/folder-view';
import { paginate, type PageRequest } from '../http/pagination';
import { smartFolderForest } from '../smart-folders/smart-folder-view';
import type { LibraryRecord } from '../storage/registry';
import { readMeta } from '../storage/write';
import { tagGroupView } from '../tag-groups/tag-group-view';
import { identiconPng } from './identicon';

export const QUICK_ACCESS_KEY = 'quickAccess';

export async function libraryInfo(ctx: Context, library: OpenLibrary) {
  const { db, record } = library;
  const [meta, folders, smartFolders, groups, quickAccess] = await Promise.all([
    readMeta(library),
    folderForest(db),
    smartFolderForest(ctx, library),
    db.tagGroups.orderBy('createdAt').toArray(),
    db.state.get(QUICK_ACCESS_KEY),
  ]);
  return {
    name: record.name,
    path: record.path,
    modificationTime: meta.modificationTime,
    applicationVersion: meta.applicationVersion,
    folders: folders.roots,
    smartFolders: smartFolders.roots,
    quickAccess: (quickAccess?.value as unknown[] | undefined) ?? [],
    tagGroups: groups.map(tagGroupView),
  };
}

const historyEntry = (record: LibraryRecord) => ({ name: record.name, path: record.path });

export async function libraryHistory(ctx: Context, page: PageRequest) {
  return paginate((await ctx.registry.history()).map(historyEntry), page);
}

export async function switchLibrary(ctx: Context, libraryPath: string): Promise<true> {
  const record = await ctx.registry.switchTo(libraryPath);
  ctx.changes.publish({ kind: 'library', action: 'switched', ids: [record.path], details: { name: record.name }, library: record.path });
  return true;
}

export async function createLibrary(ctx: Context, name: string) {
  const record = await ctx.registry.create(name);
  ctx.changes.publish({ kind: 'library', action: 'created', ids: [record.path], details: { name: record.name }, library: record.path });
  return { name: record.name, path: record.path, modificationTime: record.createdAt, applicationVersion: record.applicationVersion };
}

export async function libraryIcon(ctx: Context, libraryPath: string): Promise<Response> {
  const record = await ctx.registry.require(libraryPath);
  return new Response(await identiconPng(record.path), {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' },
  });
}
