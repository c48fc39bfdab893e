/**
 * Set operations on lists of item keys (index answers). Lists are duplicate-free but in any order
 * (a range read comes back in index order); the one sort happens on the final answer.
 */

export function uniqueKeys(keys: readonly string[]): string[] {
  return [...new Set(keys)];
}

/** Keys in every list, in the order of the smallest list, which bounds the work. */
export function intersectKeys(lists: readonly (readonly string[])[]): string[] {
  if (lists.length === 0) return [];
  const [smallest, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  const sets = rest.map((list) => new Set(list));
  return smallest!.filter((key) => sets.every((set) => set.has(key)));
}

export function unionKeys(lists: readonly (readonly string[])[]): string[] {
  return uniqueKeys(lists.flat());
}

/** Ascending key order is import order (see item-keys-and-facets.md). */
export function ascending(keys: string[]): string[] {
  return keys.sort();
}
