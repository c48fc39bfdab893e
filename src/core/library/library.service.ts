/** Library metadata, history, switching, creation, renaming, removal and icons. */
import type { Context, OpenLibrary } from '../context';
import { folderForest } from '../folders/folder-view';
import { conflict } from '../http/errors';
import { paginate, type PageRequest } from '../http/pagination';
import { smartFolderForest } from '../smart-folders/smart-folder-view';
import type { LibraryRecord } from '../storage/registry';
import { readMeta } from '../storage/write';
import { tagGroupView } from '../tag-groups/tag-group-view';
import { clearNewLibrary } from '../storage/take-back-library';
import { identiconPng } from './identicon';

export const QUICK_ACCESS_KEY = 'quickAccess';

export async function libraryInfo(ctx: Context, library: OpenLibrary) {
  const { db, record } = library;
  const [meta, folders, smartFolders, groups, quickAccess, publishedFrom, loading] = await Promise.all([
    readMeta(library),
    folderForest(db),
    smartFolderForest(ctx, library),
    db.tagGroups.orderBy('createdAt').toArray(),
    db.state.get(QUICK_ACCESS_KEY),
    ctx.subscriptions.publishedFrom(record.path),
    ctx.subscriptions.load(library),
  ]);
  return {
    name: record.name,
    path: record.path,
    // Ours: a library opened from a published library refuses writes (403 READ_ONLY); the app hides its editing.
    readOnly: publishedFrom !== undefined,
    ...(publishedFrom ? { publishedFrom } : {}),
    // Ours: a published library's first load under way (subscription-state.ts).
    ...(loading ? { loading } : {}),
    modificationTime: meta.modificationTime,
    applicationVersion: meta.applicationVersion,
    folders: folders.roots,
    smartFolders: smartFolders.roots,
    quickAccess: (quickAccess?.value as unknown[] | undefined) ?? [],
    tagGroups: groups.map(tagGroupView),
  };
}

/** Ours: `readOnly` marks a published library, which keeps its publisher's name even when another library has it. */
const historyEntry = async (ctx: Context, record: LibraryRecord) =>
  (await ctx.subscriptions.publishedFrom(record.path)) === undefined ? { name: record.name, path: record.path } : { name: record.name, path: record.path, readOnly: true };

export async function libraryHistory(ctx: Context, page: PageRequest) {
  return paginate(await Promise.all((await ctx.registry.history()).map((record) => historyEntry(ctx, record))), page);
}

export async function switchLibrary(ctx: Context, libraryPath: string): Promise<true> {
  const record = await ctx.registry.switchTo(libraryPath);
  ctx.changes.publish({ kind: 'library', action: 'switched', ids: [record.path], details: { name: record.name }, library: record.path });
  return true;
}

export async function createLibrary(ctx: Context, name: string) {
  // Sent again under its key (a worker stopped while answering), it answers the library it made.
  const { record, made } = await ctx.registry.create(name, ctx.requestKey);
  if (made) {
    await clearNewLibrary(ctx.registry, record, ctx.clearLeftovers, { drop: ctx.dropLibrary });
    ctx.changes.publish({ kind: 'library', action: 'created', ids: [record.path], details: { name: record.name }, library: record.path });
  }
  return { name: record.name, path: record.path, modificationTime: record.createdAt, applicationVersion: record.applicationVersion };
}

/** library/rename (ours): a new name; the path stays (docs/decisions/library-rename-remove.md). */
export async function renameLibrary(ctx: Context, libraryPath: string, name: string) {
  const record = await ctx.registry.rename(libraryPath, name);
  ctx.changes.publish({ kind: 'library', action: 'renamed', ids: [record.path], details: { name: record.name }, library: record.path });
  return { name: record.name, path: record.path };
}

/**
 * library/remove (ours): the library and everything in it are deleted, its read-only mark too (a
 * library made at its path later is no copy of anything). Refused while an import writes into it,
 * and for the last library. When it was current, the most recently opened other library becomes
 * current and every tab is told. If its database cannot be deleted, the library is put back as it
 * was, marked as it was, and a published library's load goes on. Sent again under its key, it
 * answers `true` for the library it removed.
 */
export async function removeLibrary(ctx: Context, libraryPath: string): Promise<true> {
  // Sent again under its key (the worker stopped before answering): its removal is done, and what a
  // stop may have cut short (the mark, the database) is done again, unless a library was made at its
  // path since (the database is that one's now); tabs that missed it hear of it.
  const removedBefore = await ctx.registry.removedBy(libraryPath, ctx.requestKey);
  if (removedBefore && (await ctx.registry.find(removedBefore.path))) return true;
  if (removedBefore) {
    await ctx.subscriptions.removing(removedBefore.path);
    await ctx.subscriptions.dropReadOnly(removedBefore.path);
    await ctx.dropLibrary(removedBefore);
    ctx.changes.publish({ kind: 'library', action: 'removed', ids: [removedBefore.path], details: { name: removedBefore.name }, library: removedBefore.path });
    return true;
  }
  const target = await ctx.registry.require(libraryPath);
  const importing = (await ctx.imports.list()).find((state) => state.status === 'running' && state.libraryPath === target.path);
  if (importing) throw conflict(`libraryPath: an import is still writing into "${target.path}"; remove it once the import ends.`);
  // A published library's load stops first: a retry that read the registry just before the entry
  // went would open the library after its database was deleted, and Dexie would make it again, empty.
  await ctx.subscriptions.removing(target.path);
  const { removed, current, wasCurrent } = await removeAndDrop(ctx, target.path).catch((error: unknown) => {
    ctx.subscriptions.kept(target.path);
    throw error;
  });
  ctx.changes.publish({ kind: 'library', action: 'removed', ids: [removed.path], details: { name: removed.name }, library: removed.path });
  if (wasCurrent) {
    ctx.changes.publish({ kind: 'library', action: 'switched', ids: [current.path], details: { name: current.name }, library: current.path });
  }
  return true;
}

/**
 * Takes the library out of the registry (first: no request reaches it once its mark is gone), drops
 * its read-only mark and deletes its database; a database that cannot be deleted puts both back.
 */
async function removeAndDrop(ctx: Context, path: string) {
  const outcome = await ctx.registry.remove(path, ctx.requestKey);
  let publishedFrom: string | undefined;
  try {
    publishedFrom = await ctx.subscriptions.dropReadOnly(outcome.removed.path);
    await ctx.dropLibrary(outcome.removed);
  } catch (error) {
    // The mark before the record: the library is never back in the registry writable.
    if (publishedFrom !== undefined) await ctx.subscriptions.restoreReadOnly(outcome.removed.path, publishedFrom);
    await ctx.registry.restore(outcome.removed, outcome.wasCurrent);
    throw error;
  }
  return outcome;
}

export async function libraryIcon(ctx: Context, libraryPath: string): Promise<Response> {
  const record = await ctx.registry.require(libraryPath);
  return new Response(await identiconPng(record.path), {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' },
  });
}
