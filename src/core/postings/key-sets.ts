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

/**
 * Keys on both ascending lists. A list far shorter than the other is searched key by key in it
 * (a rare word against a common one); lists of like length are walked side by side.
 */
export function intersectAscending(a: readonly string[], b: readonly string[]): string[] {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  if (small.length * Math.log2(large.length + 1) < large.length) return small.filter((key) => containsKey(large, key));
  const both: string[] = [];
  for (let i = 0, j = 0; i < small.length && j < large.length; ) {
    const x = small[i]!;
    const y = large[j]!;
    if (x === y) (both.push(x), i++, j++);
    else if (x < y) i++;
    else j++;
  }
  return both;
}

/** Keys of `from` that are not on `minus`; both ascending. */
export function subtractAscending(from: readonly string[], minus: readonly string[]): string[] {
  if (minus.length === 0) return [...from];
  const left: string[] = [];
  let j = 0;
  for (const key of from) {
    while (j < minus.length && minus[j]! < key) j++;
    if (minus[j] !== key) left.push(key);
  }
  return left;
}

/** Keys on any of the ascending lists, ascending, each once. */
export function unionAscending(lists: readonly (readonly string[])[]): string[] {
  let union: readonly string[] = [];
  for (const list of lists) union = mergeTwo(union, list);
  return [...union];
}

function mergeTwo(a: readonly string[], b: readonly string[]): readonly string[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) (merged.push(x), i++, j++);
    else if (x < y) (merged.push(x), i++);
    else (merged.push(y), j++);
  }
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}
