/**
 * item/add, single and batch. Every item is validated and every source resolved before anything
 * is written; then one transaction writes all items or none, so a failing item leaves the library
 * as it was, and the error names the item's index.
 */
import type { Context } from '../context';
import { conflict } from '../http/errors';
import { commitItemChanges } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';
import { writeRequest } from '../storage/write-request';
import { findDuplicates, hashNewFiles } from './duplicates';
import { fieldPath, resolveSource, type ResolvedSource } from './item-sources';
import { requireFolderLists } from '../storage/folder-lists';
import { folderTags } from './item-lookup';
import { withDerivedFields } from '../listing/item-row';
import type { AddInput, NewItemInput } from './item.schema';

export interface Prepared {
  input: NewItemInput;
  source: ResolvedSource;
  /** Where errors about this item point: "items[6]" in a batch, "" for a single add. */
  field: string;
}

/**
 * The contract's answer, plus `duplicateOf` (our extension): the live item that already held a new
 * file's bytes, or null; one entry per id in a batch.
 */
export type AddAnswer = { id: string; duplicateOf: string | null } | { ids: string[]; duplicateOf: (string | null)[] };

/** `input`: the route's parsed items (item.schema.ts validates them, once). */
export async function addItems(ctx: Context, input: AddInput): Promise<AddAnswer> {
  const prepared: Prepared[] = [];
  for (const [index, item] of input.items.entries()) {
    const field = input.batch ? `items[${index}]` : '';
    prepared.push({ input: item, field, source: await resolveSource(ctx, item, field) });
  }
  const { ids, duplicateOf } = await writeNewItems(ctx, prepared);
  return input.batch ? { ids, duplicateOf } : { id: ids[0]!, duplicateOf: duplicateOf[0]! };
}

/** Writes items whose sources are resolved, all or none; item/addFile and item/addFiles share it. */
export async function writeNewItems(ctx: Context, prepared: readonly Prepared[]): Promise<{ ids: string[]; duplicateOf: (string | null)[] }> {
  const ids = assignIds(ctx, prepared);
  const hashes = await hashNewFiles((await ctx.library()).db, prepared.map((item) => item.source.blob));
  const duplicateOf = await writeRequest(ctx, async (db, now) => {
    await refuseTakenIds(db, prepared, ids);
    const folders = await requireFolderLists(db, prepared.map((item) => ({ ids: item.input.folders ?? [], field: fieldPath(item.field, 'folders') })));
    const rows: ItemRow[] = prepared.map((item, index) => newRow(ids[index]!, item, folderTags(folders[index]!), now));
    const duplicates = await findDuplicates(db, ids, hashes);
    const files = prepared.flatMap((item, index) => (item.source.blob ? [{ id: ids[index]!, blob: item.source.blob, sha256: hashes[index]! }] : []));
    if (files.length) await db.files.bulkAdd(files);
    const known = new Map(folders.flat().map((folder) => [folder.id, folder]));
    await commitItemChanges(db, rows.map((after) => ({ after })), ctx.observers, now, { folders: known });
    return duplicates;
  });
  return { ids, duplicateOf };
}

/** Caller ids where given; new ids otherwise, sorted so that a batch keeps its order by import. */
function assignIds(ctx: Context, prepared: readonly Prepared[]): string[] {
  const fresh = prepared.filter((item) => item.input.id === undefined).map(() => ctx.ids()).sort();
  return prepared.map((item) => item.input.id ?? fresh.shift()!);
}

async function refuseTakenIds(db: LibraryDb, prepared: readonly Prepared[], ids: readonly string[]): Promise<void> {
  const custom = prepared.flatMap((item, index) => (item.input.id !== undefined ? [{ id: ids[index]!, field: item.field }] : []));
  if (custom.length === 0) return;
  const seen = new Set<string>();
  for (const { id, field } of custom) {
    if (seen.has(id)) throw conflict(`${fieldPath(field, 'id')}: "${id}" is given to two items of this batch.`);
    seen.add(id);
  }
  const taken = await db.items.where('id').anyOf([...seen]).keys();
  if (taken.length) {
    const first = custom.find((c) => c.id === taken[0])!;
    throw conflict(`${fieldPath(first.field, 'id')}: an item with id "${first.id}" already exists.`);
  }
}

function newRow(id: string, { input, source }: Prepared, inheritedTags: readonly string[], now: number): ItemRow {
  return withDerivedFields({
    pk: '',
    id,
    name: input.name ?? (source.suggestedName || 'Untitled'),
    nameKey: '',
    ext: source.ext,
    mime: source.mime,
    width: source.width,
    height: source.height,
    pixels: 0,
    size: source.blob?.size ?? 0,
    url: input.website?.trim() || source.sourceUrl,
    annotation: input.annotation ?? '',
    tags: [...(input.tags ?? []), ...inheritedTags],
    folders: input.folders ?? [],
    facets: [],
    star: input.star ?? 0,
    isDeleted: false,
    modificationTime: input.modificationTime ?? now,
    btime: now,
    importedAt: now,
    duration: 0,
    palettes: [],
    noThumbnail: false,
    noPreview: false,
    thumbnail: source.blob ? 'pending' : 'none',
    hasFile: source.blob !== undefined,
    ...(source.linked ? { linked: source.linked } : {}),
  });
}
