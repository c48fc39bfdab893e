/** Tag lists (all, recent, starred) and tag/update: rename, colour and star. */
import type { Context } from '../context';
import { conflict, invalid, notFound } from '../http/errors';
import { foldText } from '../listing/fold-text';
import { pageOf, pageRows, paginate, type PageRequest } from '../http/pagination';
import type { LibraryDb } from '../storage/library-db';
import type { TagRow } from '../storage/rows';
import { lazyValue } from '../shared/lazy-value';
import { writeRequest } from '../storage/write-request';
import { announce } from '../events/transaction-changes';
import { pruneTags } from './tag-lifecycle';
import { mergeTag, renameTag } from './tag-rewrite';
import { loadGroupsByTag, tagView, type TagView } from './tag-view';
import type { MergeTagsInput, UpdateTagInput } from './tags.schema';

const squashed = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** Case-insensitive substring of the name, or of its pinyin (so "mao" finds 猫). */
function matchesName(row: TagRow, needle: string): boolean {
  if (foldText(row.name).includes(foldText(needle))) return true;
  return row.pinyin !== row.name && squashed(row.pinyin).includes(squashed(needle));
}

/** Made on first use: an Intl.Collator loads locale data, which a worker's start need not wait for. */
const collator = lazyValue(() => new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

/** Alphabetical, ignoring case; Han names sort by their pinyin (猫 "mao" between "lion" and "owl"). */
function byName(a: TagRow, b: TagRow): number {
  return collator().compare(a.pinyin, b.pinyin) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** tag/get: every tag, most used first, then by name; `name` filters. */
export async function getTags(ctx: Context, input: { name?: string | undefined } & PageRequest) {
  const { db } = await ctx.library();
  const [rows, groups] = await db.transaction('r', [db.tags, db.tagGroups], () => Promise.all([db.tags.toArray(), loadGroupsByTag(db)]));
  const needle = input.name?.trim() ?? '';
  const matching = needle ? rows.filter((row) => matchesName(row, needle)) : rows;
  matching.sort((a, b) => b.count - a.count || byName(a, b));
  return paginate(
    matching.map((row) => tagView(row, groups)),
    input,
  );
}

async function tagPage(db: LibraryDb, index: 'lastUsedAt' | 'starredAt', newestFirst: boolean, page: PageRequest) {
  return db.transaction('r', [db.tags, db.tagGroups], async () => {
    const matches = () => db.tags.where(index).above(0);
    const ordered = newestFirst ? matches().reverse() : matches();
    const [total, groups] = await Promise.all([matches().count(), loadGroupsByTag(db)]);
    const rows = await pageRows(ordered, total, page);
    return pageOf(
      rows.map((row) => tagView(row, groups)),
      total,
      page,
    );
  });
}

/** tag/getRecentTags: tags most recently applied to an item, newest first. */
export async function recentTags(ctx: Context, page: PageRequest) {
  return tagPage((await ctx.library()).db, 'lastUsedAt', true, page);
}

/** tag/getStarredTags: starred tags in the order they were starred. */
export async function starredTags(ctx: Context, page: PageRequest) {
  return tagPage((await ctx.library()).db, 'starredAt', false, page);
}

/** tag/update: renames everywhere (when `name` differs), sets `color` and `starred`. */
export async function updateTag(ctx: Context, input: UpdateTagInput): Promise<TagView> {
  return writeRequest(ctx, async (db, now) => {
    const found = await db.tags.get(input.originalName);
    if (!found) throw notFound(`Field "originalName": no tag named "${input.originalName}".`);
    let name = found.name;
    if (input.name !== undefined && input.name !== found.name) {
      if (await db.tags.get(input.name)) {
        throw conflict(`Field "name": a tag named "${input.name}" already exists; use tag/merge to combine two tags.`);
      }
      await renameTag(db, ctx.observers, found, input.name, now);
      announce({ kind: 'tag', action: 'renamed', ids: [input.name], details: { from: found.name } });
      name = input.name;
    }
    const row = (await db.tags.get(name))!;
    const next: TagRow = {
      ...row,
      color: input.color ?? row.color,
      starredAt: input.starred === undefined ? row.starredAt : input.starred ? row.starredAt || now : 0,
    };
    await db.tags.put(next);
    await pruneTags(db, [name]);
    return tagView(next, await loadGroupsByTag(db));
  });
}

/** tag/merge: items with `source` get `target` instead, and `source` is removed. */
export async function mergeTags(ctx: Context, { source, target }: MergeTagsInput) {
  if (source === target) throw invalid(`Field "target": cannot merge the tag "${source}" into itself.`);
  return writeRequest(ctx, async (db, now) => {
    const found = await db.tags.get(source);
    if (!found) throw notFound(`Field "source": no tag named "${source}".`);
    const affectedItems = await mergeTag(db, ctx.observers, found, target, now);
    announce({ kind: 'tag', action: 'merged', ids: [target], details: { from: source } });
    await pruneTags(db, [target]);
    return { affectedItems, sourceRemoved: true };
  });
}
