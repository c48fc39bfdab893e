/**
 * item/update, single and batch (`{items:[...]}`, ours). Only the fields sent change; `isDeleted`
 * moves to and from the trash. A batch is all-or-nothing: every entry is checked first, then one
 * transaction writes every item (one commitItemChanges, so the observers batch their writes), and
 * any failure names the entry's index and leaves the library as it was.
 */
import type { Context } from '../context';
import { ApiError, invalid, notFound } from '../http/errors';
import { parseInput } from '../http/read-input';
import { requireFolderLists } from '../storage/folder-lists';
import { commitItemChanges, type ItemChange } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { FolderRow, ItemRow } from '../storage/rows';
import { writeRequest } from '../storage/write-request';
import { fieldPath } from './item-sources';
import { folderTags } from './item-lookup';
import { withDerivedFields } from '../listing/item-row';
import { itemView, type ItemView } from '../listing/item-view';
import { MAX_BATCH, updateInput, type UpdateInput } from './item.schema';

const EDITABLE = ['name', 'tags', 'folders', 'annotation', 'url', 'star', 'noThumbnail', 'noPreview', 'isDeleted'] as const;

interface Entry {
  input: UpdateInput;
  /** Where errors about this entry point: "items[6]" in a batch, "" for a single update. */
  field: string;
}

export async function updateItems(ctx: Context, raw: Record<string, unknown>): Promise<ItemView | { items: ItemView[] }> {
  if (!Array.isArray(raw.items)) return (await applyUpdates(ctx, [{ input: parseInput(updateInput(), raw), field: '' }]))[0]!;
  const entries = raw.items as unknown[];
  if (entries.length > MAX_BATCH) {
    throw new ApiError('PAYLOAD_TOO_LARGE', `items: a batch holds at most ${MAX_BATCH} items, this one has ${entries.length}.`);
  }
  if (entries.length === 0) throw invalid('items: must hold at least one item.');
  const parsed = entries.map((entry, index) => ({ input: parseInput(updateInput(), entry, ['items', index]), field: `items[${index}]` }));
  return { items: await applyUpdates(ctx, parsed) };
}

async function applyUpdates(ctx: Context, entries: readonly Entry[]): Promise<ItemView[]> {
  return writeRequest(ctx, async (db, now) => {
    const rows = await itemsById(db, entries);
    const folders = await foldersById(db, entries);
    // An item named twice gets both updates in order; it is written once, from its first state.
    const original = new Map<string, ItemRow>();
    const answers: ItemRow[] = [];
    for (const entry of entries) {
      const before = rows.get(entry.input.id)!;
      if (!original.has(before.id)) original.set(before.id, before);
      const after = updated(before, entry.input, folders, now);
      rows.set(before.id, after);
      answers.push(after);
    }
    const changes: ItemChange[] = [...original.values()].map((before) => ({ before, after: rows.get(before.id)! }));
    await commitItemChanges(db, changes, ctx.observers, now);
    return answers.map((row) => itemView(row, ctx.itemLinks));
  });
}

/** The rows of every entry, read at once; an unknown id is a 404 naming the entry. */
async function itemsById(db: LibraryDb, entries: readonly Entry[]): Promise<Map<string, ItemRow>> {
  const ids = [...new Set(entries.map((entry) => entry.input.id))];
  const rows = new Map((await db.items.where('id').anyOf(ids).toArray()).map((row) => [row.id, row]));
  const missing = entries.find((entry) => !rows.has(entry.input.id));
  if (missing) throw notFound(`${fieldPath(missing.field, 'id')}: no item with id "${missing.input.id}".`);
  return rows;
}

/** Every folder the entries name, read at once; an unknown id is a 404 naming the entry. */
async function foldersById(db: LibraryDb, entries: readonly Entry[]): Promise<Map<string, FolderRow>> {
  const lists = await requireFolderLists(db, entries.map((entry) => ({ ids: entry.input.folders ?? [], field: fieldPath(entry.field, 'folders') })));
  return new Map(lists.flat().map((row) => [row.id, row]));
}

function updated(before: ItemRow, input: UpdateInput, folders: ReadonlyMap<string, FolderRow>, now: number): ItemRow {
  const changes: Partial<ItemRow> = {};
  for (const key of EDITABLE) if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  if (input.folders) {
    // Folders the item newly enters give it their tags, as when adding to a folder.
    const entered = input.folders.filter((id) => !before.folders.includes(id));
    const inherited = folderTags(entered.map((id) => folders.get(id)!));
    if (inherited.length) changes.tags = [...(changes.tags ?? before.tags), ...inherited];
  }
  const changed = Object.keys(changes).length > 0;
  return withDerivedFields({
    ...before,
    ...changes,
    modificationTime: input.modificationTime ?? (changed ? now : before.modificationTime),
  });
}
