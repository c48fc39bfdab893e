/** Smart folders: list, create, update, remove, the items they hold, and the rule schema. */
import type { Context } from '../context';
import { invalid, notFound } from '../http/errors';
import { pageOf, paginate, type PageRequest } from '../http/pagination';
import { itemView, pickFields } from '../listing/item-view';
import { DEFAULT_ORDER } from '../listing/order';
import { pageOfItems } from '../listing/page';
import { descendantsOf } from '../shared/forest';
import type { LibraryDb } from '../storage/library-db';
import type { SmartFolderRow } from '../storage/rows';
import { writeTransaction } from '../storage/write';
import { forgetCounts } from '../storage/forget-counts';
import { firstPage } from './first-page';
import { matchTables, SmartFolderMatcher } from './match';
import type { Conditions } from './rules';
import type { CreateInput, GetItemsInput, UpdateInput } from './smart-folder.schema';
import { smartFolderForestOf, type SmartFolderView } from './smart-folder-view';

const noSmartFolder = (id: string, field: string) => notFound(`No smart folder with id "${id}" (field ${field}).`);

/** Every smart folder (or those named by `id`/`ids`), parents before children, each nesting its children. */
export async function getSmartFolders(ctx: Context, input: { id?: string; ids?: string[] } & PageRequest) {
  const { db } = await ctx.library();
  const forest = await smartFolderForestOf(db, ctx.clock());
  const wanted = [...(input.id !== undefined ? [input.id] : []), ...(input.ids ?? [])];
  if (wanted.length === 0) return paginate(forest.depthFirst, input);
  const unknown = wanted.find((id) => !forest.byId.has(id));
  if (unknown !== undefined) throw noSmartFolder(unknown, input.ids?.includes(unknown) ? 'ids' : 'id');
  const chosen = new Set(wanted);
  return paginate(forest.depthFirst.filter((view) => chosen.has(view.id)), input);
}

export async function createSmartFolder(ctx: Context, input: CreateInput): Promise<SmartFolderView> {
  const library = await ctx.library();
  const { db } = library;
  const now = ctx.clock();
  const id = await writeTransaction(library, now, async () => {
    if (input.parent && !(await db.smartFolders.get(input.parent))) throw noSmartFolder(input.parent, 'parent');
    await requireFolders(db, input.conditions);
    const row: SmartFolderRow = {
      id: ctx.ids(),
      name: input.name,
      description: input.description,
      icon: input.icon,
      iconColor: input.iconColor,
      parent: input.parent ?? null,
      conditions: input.conditions,
      modificationTime: now,
      createdAt: now,
    };
    await db.smartFolders.add(row);
    return row.id;
  }, { request: ctx.requestKey });
  return viewOf(db, id, now);
}

export async function updateSmartFolder(ctx: Context, input: UpdateInput): Promise<SmartFolderView> {
  const library = await ctx.library();
  const { db } = library;
  const now = ctx.clock();
  await writeTransaction(library, now, async () => {
    const row = await db.smartFolders.get(input.id);
    if (!row) throw noSmartFolder(input.id, 'id');
    if (input.conditions) await requireFolders(db, input.conditions);
    if (input.parent) await requireNewParent(db, input.id, input.parent);
    await db.smartFolders.put({
      ...row,
      name: input.name ?? row.name,
      description: input.description ?? row.description,
      icon: input.icon ?? row.icon,
      iconColor: input.iconColor ?? row.iconColor,
      conditions: input.conditions ?? row.conditions,
      parent: input.parent === undefined ? row.parent : input.parent,
      modificationTime: now,
    });
    await forgetCounts(db, [input.id]);
  }, { request: ctx.requestKey });
  return viewOf(db, input.id, now);
}

/** Removes the smart folder and every smart folder below it. */
export async function removeSmartFolder(ctx: Context, id: string): Promise<true> {
  const library = await ctx.library();
  const { db } = library;
  await writeTransaction(library, ctx.clock(), async () => {
    const rows = await db.smartFolders.toArray();
    if (!rows.some((row) => row.id === id)) throw noSmartFolder(id, 'id');
    await forgetCounts(db, [id]);
    await db.smartFolders.bulkDelete([...descendantsOf(rows, id)]);
  }, { request: ctx.requestKey });
  return true;
}

/**
 * The items a smart folder holds, newest import first unless `orderBy` says otherwise, paginated.
 * In import order a folder with a kept count pages without its whole match (first-page.ts).
 */
export async function smartFolderItems(ctx: Context, input: GetItemsInput) {
  const { db } = await ctx.library();
  const now = ctx.clock();
  const order = input.orderBy ?? DEFAULT_ORDER;
  const found = await db.transaction('r', [...matchTables(db), db.smartFolderCounts], async () => {
    const matcher = await SmartFolderMatcher.open(db, now);
    if (!matcher.has(input.smartFolderId)) throw noSmartFolder(input.smartFolderId, 'smartFolderId');
    const first = order.field === 'IMPORT' ? await firstPage(db, matcher.rows, input.smartFolderId, now, input.offset + input.limit, order.descending) : undefined;
    return first ?? { pks: await matcher.matches(input.smartFolderId) };
  });
  if (!('total' in found)) return pageOfItems(db, ctx.itemLinks, { pks: found.pks, exclude: new Set() }, input, order, input.fields);
  const rows = (await db.items.bulkGet(found.pks.slice(input.offset))).filter((row) => row !== undefined);
  return pageOf(rows.map((row) => pickFields(itemView(row, ctx.itemLinks), input.fields)), found.total, input);
}

async function viewOf(db: LibraryDb, id: string, now: number): Promise<SmartFolderView> {
  const view = (await smartFolderForestOf(db, now)).byId.get(id);
  if (!view) throw noSmartFolder(id, 'id');
  return view;
}

/**
 * `folders` rules name folder ids: each must exist, like the folders of item/add, or be one a stored
 * smart folder already names (a folder removed since, folder-remove.service.ts), so that a smart
 * folder edited or counted again after a folder/remove keeps working.
 */
export async function requireFolders(db: LibraryDb, conditions: Conditions): Promise<void> {
  // Every id once, in one read: 30 groups of 30 rules naming the same folders read it once, not 900 times.
  const ids = [...new Set(folderIdsIn(conditions))];
  if (ids.length === 0) return;
  const found = await db.folders.bulkGet(ids);
  const known = new Set(ids.filter((_, k) => found[k]));
  if (known.size < ids.length) for (const id of (await db.smartFolders.toArray()).flatMap((row) => folderIdsIn(row.conditions as Conditions))) known.add(id);
  for (const [g, group] of conditions.entries()) {
    for (const [i, rule] of group.rules.entries()) {
      if (rule.property !== 'folders' || !rule.value) continue;
      const missing = rule.value.find((id) => !known.has(id));
      if (missing !== undefined) throw notFound(`No folder with id "${missing}" (field conditions[${g}].rules[${i}].value).`);
    }
  }
}

const folderIdsIn = (conditions: Conditions): string[] =>
  conditions.flatMap((group) => group.rules.flatMap((rule) => (rule.property === 'folders' && rule.value ? rule.value : [])));

async function requireNewParent(db: LibraryDb, id: string, parent: string): Promise<void> {
  const rows = await db.smartFolders.toArray();
  if (!rows.some((row) => row.id === parent)) throw noSmartFolder(parent, 'parent');
  if (descendantsOf(rows, id).has(parent)) {
    throw invalid(`parent: a smart folder cannot move under itself or one of its children ("${parent}").`);
  }
}
