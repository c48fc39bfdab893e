/** Set operations on ascending, duplicate-free lists of item keys (index answers). */

export function sortedUnique(keys: readonly string[]): string[] {
  return [...new Set(keys)].sort();
}

/** Keys in every list, smallest list first so the work is bounded by it. */
export function intersectSorted(lists: readonly (readonly string[])[]): string[] {
  if (lists.length === 0) return [];
  const [smallest, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  const sets = rest.map((list) => new Set(list));
  return smallest!.filter((key) => sets.every((set) => set.has(key)));
}

export function unionSorted(lists: readonly (readonly string[])[]): string[] {
  return sortedUnique(lists.flat());
}
