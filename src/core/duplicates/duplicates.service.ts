/**
 * item/duplicates (ours): groups of live items that hold the same bytes or show the same picture
 * (a resized, recompressed, lightly cropped or brightened copy), a page of groups at a time.
 * Everything is derived per request from IndexedDB: ids and import order from the items' primary
 * keys (key-only), the trash from the `trashed` facet, bytes from the files' hash index, pictures
 * from the packed descriptors.
 */
import type { Context } from '../context';
import { TRASHED } from '../storage/counts';
import type { LibraryDb } from '../storage/library-db';
import { groupDuplicates, type DuplicateGroup } from './duplicate-groups';
import type { DuplicatesInput } from './duplicates.schema';
import { pictureHashes } from './picture-hashes';
import { sameBytes } from './same-bytes';

/** An item's primary key is its import time in 10 base-36 digits, a colon, then its id (items/item-row.ts). */
const ID_AT = 11;

export interface DuplicatesAnswer {
  groups: DuplicateGroup[];
  total: number;
}

export async function listDuplicates(ctx: Context, input: DuplicatesInput): Promise<DuplicatesAnswer> {
  const groups = await duplicateGroups((await ctx.library()).db, input.threshold);
  return { groups: groups.slice(input.offset, input.offset + input.limit), total: groups.length };
}

export async function duplicateGroups(db: LibraryDb, maxBits: number): Promise<DuplicateGroup[]> {
  const trashed = new Set((await db.items.where('facets').equals(TRASHED).primaryKeys()) as string[]);
  const rankOf = new Map<string, string>();
  for (const pk of (await db.items.toCollection().primaryKeys()) as string[]) if (!trashed.has(pk)) rankOf.set(pk.slice(ID_AT), pk);
  const live = (id: string) => rankOf.has(id);
  return groupDuplicates({
    sameBytes: await sameBytes(db, live),
    pictures: await pictureHashes(db, live),
    maxBits,
    rank: (id) => rankOf.get(id)!,
  });
}
