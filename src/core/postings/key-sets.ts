/**
 * Sets of item keys as posting lists and index answers hold them: ascending lists, and a union kept
 * as the lists it unites (a `KeySet`) until something must walk it. Membership is a binary search, so testing a
 * few thousand candidates against a tag held by a third of the library builds no Set of that tag.
 */

/** The union of these ascending, duplicate-free lists. */
export type KeySet = readonly (readonly string[])[];

export function containsKey(list: readonly string[], key: string): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid]!;
    if (at === key) return true;
    if (at < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export const inKeySet = (set: KeySet, key: string): boolean => set.some((list) => containsKey(list, key));

/** An upper bound of the set's size (the lists may overlap). */
export const keySetSize = (set: KeySet): number => set.reduce((sum, list) => sum + list.length, 0);

/** The set's keys, ascending, each once. */
export function keysOf(set: KeySet): string[] {
  if (set.length === 1) return [...set[0]!];
  return [...new Set(set.flat())].sort();
}

/** Keys in every set, ascending: the smallest set walked, the others searched. */
export function intersectKeySets(sets: readonly KeySet[]): string[] {
  if (sets.length === 0) return [];
  const [smallest, ...rest] = [...sets].sort((a, b) => keySetSize(a) - keySetSize(b));
  return keysOf(smallest!).filter((key) => rest.every((set) => inKeySet(set, key)));
}

/** Index range reads come back in index order: sorted once here, duplicates dropped. */
export function ascendingUnique(keys: readonly string[]): string[] {
  return [...new Set(keys)].sort();
}
