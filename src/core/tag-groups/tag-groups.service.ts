/**
 * Tag groups: named, coloured lists of tags. A tag may sit in several groups. Tags named by a group
 * get a tag row (count 0 until used); a tag that leaves its last group is pruned when nothing else
 * keeps it (docs/decisions/tag-retention.md).
 */
import type { Context } from '../context';
import { notFound } from '../http/errors';
import { pageOf, pageRows, type PageRequest } from '../http/pagination';
import type { LibraryDb } from '../storage/library-db';
import type { TagGroupRow } from '../storage/rows';
import { writeRequest } from '../storage/write-request';
import { ensureTagRows, pruneTags } from '../tags/tag-lifecycle';
import { tagGroupView, type TagGroupView } from './tag-group-view';
import type { AddTagsInput, CreateTagGroupInput, RemoveTagsInput, UpdateTagGroupInput } from './tag-groups.schema';

export async function getTagGroups(ctx: Context, page: PageRequest) {
  const { db } = await ctx.library();
  const [total, rows] = await db.transaction('r', db.tagGroups, async () => {
    const count = await db.tagGroups.count();
    return [count, await pageRows(db.tagGroups.orderBy('createdAt'), count, page)] as const;
  });
  return pageOf(rows.map(tagGroupView), total, page);
}

async function requireGroup(db: LibraryDb, id: string, field: string): Promise<TagGroupRow> {
  const row = await db.tagGroups.get(id);
  if (!row) throw notFound(`Field "${field}": no tag group with id "${id}".`);
  return row;
}

/** Stores `next` in place of `before`, creating and pruning tag rows as membership changed. */
async function saveGroup(db: LibraryDb, before: TagGroupRow | undefined, next: TagGroupRow): Promise<TagGroupView> {
  await db.tagGroups.put(next);
  const now = new Set(next.tags);
  await ensureTagRows(db, next.tags);
  await pruneTags(db, (before?.tags ?? []).filter((tag) => !now.has(tag)));
  return tagGroupView(next);
}

export function createTagGroup(ctx: Context, input: CreateTagGroupInput): Promise<TagGroupView> {
  return writeRequest(ctx, async (db, now) => {
    // Strictly increasing creation times keep groups made in the same millisecond in request order.
    const last = await db.tagGroups.orderBy('createdAt').last();
    const createdAt = Math.max(now, (last?.createdAt ?? 0) + 1);
    const row: TagGroupRow = { id: ctx.ids(), ...input, createdAt };
    return saveGroup(db, undefined, row);
  });
}

export function updateTagGroup(ctx: Context, { id, ...changes }: UpdateTagGroupInput): Promise<TagGroupView> {
  return writeRequest(ctx, async (db) => {
    const before = await requireGroup(db, id, 'id');
    const next: TagGroupRow = { ...before };
    if (changes.name !== undefined) next.name = changes.name;
    if (changes.tags !== undefined) next.tags = changes.tags;
    if (changes.color !== undefined) next.color = changes.color;
    if (changes.description !== undefined) next.description = changes.description;
    return saveGroup(db, before, next);
  });
}

export function removeTagGroup(ctx: Context, { id }: { id: string }): Promise<true> {
  return writeRequest(ctx, async (db) => {
    const before = await requireGroup(db, id, 'id');
    await db.tagGroups.delete(id);
    await pruneTags(db, before.tags);
    return true as const;
  });
}

/** tagGroup/addTags: appends the tags; with `removeFromSource` they first leave every other group. */
export function addTagsToGroup(ctx: Context, { groupId, tags, removeFromSource }: AddTagsInput): Promise<TagGroupView> {
  return writeRequest(ctx, async (db) => {
    const before = await requireGroup(db, groupId, 'groupId');
    if (removeFromSource) {
      const moving = new Set(tags);
      const sources = (await db.tagGroups.toArray()).filter((g) => g.id !== groupId && g.tags.some((t) => moving.has(t)));
      await db.tagGroups.bulkPut(sources.map((g) => ({ ...g, tags: g.tags.filter((t) => !moving.has(t)) })));
    }
    const next = { ...before, tags: [...new Set([...before.tags, ...tags])] };
    return saveGroup(db, before, next);
  });
}

/** tagGroup/removeTags: the tags leave this group only; they are not deleted from items. */
export function removeTagsFromGroup(ctx: Context, { groupId, tags }: RemoveTagsInput): Promise<TagGroupView> {
  return writeRequest(ctx, async (db) => {
    const before = await requireGroup(db, groupId, 'groupId');
    const leaving = new Set(tags);
    return saveGroup(db, before, { ...before, tags: before.tags.filter((t) => !leaving.has(t)) });
  });
}
