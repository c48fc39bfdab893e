/**
 * "Skip the copies" as item/mergeDuplicates calls: each new copy is merged into the item it
 * duplicates, which so gains the copy's folders and tags (the folder dropped into, the dropped
 * folder's own) before the copy goes to the trash. Trashing the copy alone lost them: a file
 * dropped into "Trip" that the library held elsewhere was in no "Trip" after a Skip.
 */

/** item/mergeDuplicates takes at most this many others a call (duplicates.schema.ts MAX_OTHERS). */
export const MERGE_MAX = 999;

/** A new copy (import-controller.ts ImportDuplicate): its id, the item it duplicates, its library. */
interface Copy {
  id: string;
  of: string;
  library?: string | null;
}

export interface SkipGroup<T extends Copy = Copy> {
  library: string | null;
  keep: string;
  copies: T[];
}

/**
 * One group per item kept and library, of at most MERGE_MAX copies. A copy of a copy (the same file
 * dropped twice) goes to the item the first copy duplicates, since that one goes to the trash too.
 */
export function skipGroups<T extends Copy>(duplicates: readonly T[]): SkipGroup<T>[] {
  const libraryOf = (duplicate: T) => duplicate.library ?? null;
  const copyById = new Map(duplicates.map((duplicate) => [`${libraryOf(duplicate)}\n${duplicate.id}`, duplicate]));
  const keptFor = (duplicate: T): string => {
    let keep = duplicate.of;
    const seen = new Set<string>();
    for (let copy = copyById.get(`${libraryOf(duplicate)}\n${keep}`); copy && !seen.has(copy.id); copy = copyById.get(`${libraryOf(duplicate)}\n${keep}`)) {
      seen.add(copy.id);
      keep = copy.of;
    }
    return keep;
  };
  const groups = new Map<string, SkipGroup<T>>();
  const out: SkipGroup<T>[] = [];
  for (const duplicate of duplicates) {
    const keep = keptFor(duplicate);
    const key = `${libraryOf(duplicate)}\n${keep}`;
    let group = groups.get(key);
    if (!group || group.copies.length === MERGE_MAX) {
      group = { library: libraryOf(duplicate), keep, copies: [] };
      groups.set(key, group);
      out.push(group);
    }
    group.copies.push(duplicate);
  }
  return out;
}
