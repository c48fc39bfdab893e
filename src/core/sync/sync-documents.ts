/**
 * The library as CouchDB documents (docs/decisions/sync.md): one per item, folder, smart folder,
 * tag group and comment, plus one `settings` for the library-level values (starred tags, tag
 * colours, quick access). An edit of one item rewrites only that item's document. Fields a device
 * derives for itself (sort keys, counts, thumbnail state, AI shards) never leave it; `hasFile`
 * (the item has an original, wherever its bytes are) does.
 */
import { QUICK_ACCESS_KEY } from '../library/library.service';
import type { LibraryDb } from '../storage/library-db';
import type { CommentRow, FolderRow, ItemRow, SmartFolderRow, TagGroupRow } from '../storage/rows';
import type { MergeSpec, SyncBody } from './merge';

export type DocKind = 'item' | 'folder' | 'smartFolder' | 'tagGroup' | 'comment' | 'settings';

export const SETTINGS_ID = 'settings';

/** How each kind merges (./merge.ts). */
export const MERGE_SPECS: Record<DocKind, MergeSpec> = {
  item: { sets: ['tags', 'folders'], time: 'modificationTime' },
  folder: { sets: ['tags'], time: 'modificationTime' },
  smartFolder: { sets: [], time: 'modificationTime' },
  tagGroup: { sets: ['tags'] },
  comment: { sets: [], time: 'lastModified' },
  settings: { sets: ['starredTags'] },
};

// `hasFile` travels: another device fetches the original on demand (sync/files-cycle.ts).
const ITEM_LOCAL = ['pk', 'nameKey', 'pixels', 'facets', 'thumbnail', 'descriptorShard', 'search'] as const;
const FOLDER_LOCAL = ['imageCount'] as const;

export const docId = (kind: DocKind, id: string): string => (kind === 'settings' ? SETTINGS_ID : `${kind}:${id}`);

export function kindOf(docId: string): DocKind | undefined {
  if (docId === SETTINGS_ID) return 'settings';
  const kind = docId.slice(0, docId.indexOf(':'));
  return (['item', 'folder', 'smartFolder', 'tagGroup', 'comment'] as const).find((known) => known === kind);
}

export const entityIdOf = (docId: string): string => docId.slice(docId.indexOf(':') + 1);

function without(row: object, local: readonly string[]): SyncBody {
  const body: SyncBody = { ...(row as SyncBody) };
  for (const key of local) delete body[key];
  return body;
}

export const itemBody = (row: ItemRow): SyncBody => without(row, ITEM_LOCAL);
export const folderBody = (row: FolderRow): SyncBody => without(row, FOLDER_LOCAL);

/** The library's settings document. */
export async function settingsBody(db: LibraryDb): Promise<SyncBody> {
  const tags = await db.tags.toArray();
  const starred = tags.filter((tag) => tag.starredAt > 0).sort((a, b) => a.starredAt - b.starredAt || (a.name < b.name ? -1 : 1));
  const colours = Object.fromEntries(tags.filter((tag) => tag.color).map((tag) => [tag.name, tag.color]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
  const quickAccess = ((await db.state.get(QUICK_ACCESS_KEY))?.value as unknown[] | undefined) ?? [];
  return { starredTags: starred.map((tag) => tag.name), tagColours: colours, quickAccess };
}

/** Every document of the library, by document id (bodies without CouchDB's `_id`/`_rev`). */
export async function libraryDocuments(db: LibraryDb): Promise<Map<string, SyncBody>> {
  const documents = await smallDocuments(db);
  await db.items.each((row: ItemRow) => documents.set(docId('item', row.id), itemBody(row)));
  return documents;
}

/** The documents of the items named by document id (`item:<id>`), then every document of the small kinds. */
export async function documentsOf(db: LibraryDb, itemDocIds: Iterable<string>): Promise<Map<string, SyncBody>> {
  const documents = await smallDocuments(db);
  const ids = [...itemDocIds].map(entityIdOf);
  if (ids.length) for (const row of await db.items.where('id').anyOf(ids).toArray()) documents.set(docId('item', row.id), itemBody(row));
  return documents;
}

/** Every document but the items': folders, smart folders, tag groups, comments and the settings. */
export async function smallDocuments(db: LibraryDb): Promise<Map<string, SyncBody>> {
  const documents = new Map<string, SyncBody>();
  const add = (kind: DocKind, id: string, body: SyncBody) => documents.set(docId(kind, id), body);
  for (const row of await db.folders.toArray()) add('folder', row.id, folderBody(row));
  for (const row of await db.smartFolders.toArray()) add('smartFolder', row.id, { ...(row as SmartFolderRow & SyncBody) });
  for (const row of await db.tagGroups.toArray()) add('tagGroup', row.id, { ...(row as TagGroupRow & SyncBody) });
  for (const row of await db.comments.toArray()) add('comment', row.id, { ...(row as CommentRow & SyncBody) });
  add('settings', SETTINGS_ID, await settingsBody(db));
  return documents;
}
