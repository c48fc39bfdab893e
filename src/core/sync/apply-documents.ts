/**
 * Writes documents that sync brought in into the library, through the same pipeline as every
 * other write: item rows through `commitItemChanges` with the observer list (counts, search index,
 * media jobs, the change feed follow), the small tables through their rows (the table hooks
 * announce them). Call inside `writeTransaction`, so a failure leaves the library as it was.
 * Folders are written before items, so an item never points at a folder this device lacks.
 */
import { withDerivedFields } from '../listing/item-row';
import { QUICK_ACCESS_KEY } from '../library/library.service';
import { forgetCounts } from '../storage/forget-counts';
import { commitItemChanges, refreshItems, type ItemChange, type ItemObserver } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { CommentRow, FolderRow, ItemRow, SmartFolderRow, TagGroupRow } from '../storage/rows';
import { newTagRow } from '../tags/tag-row';
import type { SyncBody } from './merge';
import { entityIdOf, kindOf, type DocKind } from './sync-documents';

/** A document to write: its body, or undefined when it was removed. */
export interface IncomingDocument {
  id: string;
  body: SyncBody | undefined;
}

const ORDER: readonly DocKind[] = ['folder', 'smartFolder', 'tagGroup', 'item', 'comment', 'settings'];

export async function applyDocuments(db: LibraryDb, observers: readonly ItemObserver[], documents: readonly IncomingDocument[], now: number): Promise<void> {
  const byKind = new Map<DocKind, IncomingDocument[]>();
  for (const document of documents) {
    const kind = kindOf(document.id);
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), document]);
  }
  const refresh = new Set<string>();
  for (const kind of ORDER) {
    const batch = byKind.get(kind) ?? [];
    if (batch.length === 0) continue;
    if (kind === 'folder') for (const pk of await applyFolders(db, batch)) refresh.add(pk);
    if (kind === 'smartFolder') await applySmartFolders(db, batch);
    if (kind === 'tagGroup') await applyRows(db.tagGroups, batch, (body) => body as unknown as TagGroupRow);
    if (kind === 'item') await applyItems(db, observers, batch, now);
    if (kind === 'comment') for (const pk of await applyComments(db, batch)) refresh.add(pk);
    if (kind === 'settings') await applySettings(db, batch.at(-1)!.body);
  }
  // Folder names and comment texts are searchable: re-derive the items they belong to.
  await refreshItems(db, [...refresh], observers, now);
}

async function applyItems(db: LibraryDb, observers: readonly ItemObserver[], batch: readonly IncomingDocument[], now: number): Promise<void> {
  const ids = batch.map((document) => entityIdOf(document.id));
  const current = new Map((await db.items.where('id').anyOf(ids).toArray()).map((row) => [row.id, row]));
  const changes: ItemChange[] = [];
  for (const { id, body } of batch) {
    const before = current.get(entityIdOf(id));
    if (!body) {
      if (before) changes.push({ before });
      continue;
    }
    // Local-only fields stay this device's. An item new here has its files on the server: its
    // thumbnail counts as ready (fetched by the files step, or when first shown), so no thumbnail
    // job makes it again; its original is fetched when first opened.
    const hasFile = Boolean(body.hasFile ?? before?.hasFile);
    const local: Partial<ItemRow> = before
      ? { thumbnail: before.thumbnail, hasFile, descriptorShard: before.descriptorShard }
      : { thumbnail: hasFile && !body.noThumbnail ? 'ready' : 'none', hasFile };
    const after = withDerivedFields({ ...(body as unknown as ItemRow), ...local });
    if (before && before.pk !== after.pk) changes.push({ before }, { after });
    else changes.push({ before, after });
  }
  await commitItemChanges(db, changes, observers, now);
}

/** Returns the keys of items whose folder was renamed. */
async function applyFolders(db: LibraryDb, batch: readonly IncomingDocument[]): Promise<string[]> {
  const renamed: string[] = [];
  for (const { id, body } of batch) {
    const folderId = entityIdOf(id);
    const before = await db.folders.get(folderId);
    if (!body) {
      if (before) await db.folders.delete(folderId);
      continue;
    }
    const members = await db.items.where('folders').equals(folderId).toArray();
    const imageCount = before?.imageCount ?? members.filter((row) => !row.isDeleted).length;
    await db.folders.put({ ...(body as unknown as FolderRow), imageCount });
    if (before && before.name !== body.name) renamed.push(...members.map((row) => row.pk));
  }
  return renamed;
}

/**
 * A kept count (count-store.ts) is moved only by item changes: one made under the old rules or the
 * old place (a child matches within its parent) would stay wrong for good. Drops those of the
 * folders written and removed, and of every folder below them.
 */
async function applySmartFolders(db: LibraryDb, batch: readonly IncomingDocument[]): Promise<void> {
  await applyRows(db.smartFolders, batch, (body) => body as unknown as SmartFolderRow);
  await forgetCounts(db, batch.map((document) => entityIdOf(document.id)));
}

async function applyRows<Row>(table: { put(row: Row): Promise<unknown>; delete(key: string): Promise<void> }, batch: readonly IncomingDocument[], toRow: (body: SyncBody) => Row): Promise<void> {
  for (const { id, body } of batch) {
    if (body) await table.put(toRow(body));
    else await table.delete(entityIdOf(id));
  }
}

/** Returns the keys of the items whose comments changed. */
async function applyComments(db: LibraryDb, batch: readonly IncomingDocument[]): Promise<string[]> {
  const itemIds = new Set<string>();
  for (const { id, body } of batch) {
    const before = await db.comments.get(entityIdOf(id));
    if (before) itemIds.add(before.itemId);
    if (body) {
      await db.comments.put(body as unknown as CommentRow);
      itemIds.add(String(body.itemId));
    } else if (before) await db.comments.delete(before.id);
  }
  return (await db.items.where('id').anyOf([...itemIds]).toArray()).map((row) => row.pk);
}

async function applySettings(db: LibraryDb, body: SyncBody | undefined): Promise<void> {
  if (!body) return;
  const starred = (body.starredTags as string[] | undefined) ?? [];
  const colours = (body.tagColours as Record<string, string> | undefined) ?? {};
  const names = [...new Set([...starred, ...Object.keys(colours), ...(await db.tags.where('starredAt').above(0).primaryKeys())])];
  const tagsWithColour = await db.tags.filter((tag) => tag.color !== '').primaryKeys();
  for (const name of [...new Set([...names, ...tagsWithColour])]) {
    const row = (await db.tags.get(name)) ?? newTagRow(name);
    // Positions, not times: the starred order is the document's on every device.
    const starredAt = starred.indexOf(name) + 1;
    const color = (colours[name] ?? '') as TagRowColour;
    if (starredAt !== row.starredAt || color !== row.color) await db.tags.put({ ...row, starredAt, color });
  }
  await db.state.put({ key: QUICK_ACCESS_KEY, value: body.quickAccess ?? [] });
}

type TagRowColour = import('../storage/rows').TagRow['color'];
