/**
 * Where shards end: content-defined, so publishing again after adding or renaming a few items
 * rewrites only the shards that hold them. Items go in id order (Eagle ids start with their time,
 * so new items land at the end); a shard ends after an item whose id hashes to 0 modulo the target,
 * or when it reaches four times the target (a bound on a shard's size).
 */

/** FNV-1a over the id's UTF-16 units: stable everywhere, no dependency. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Splits the ids (any order) into shards of about `target` ids each, in id order. */
export function shardIds(ids: readonly string[], target: number): string[][] {
  const sorted = [...ids].sort();
  const shards: string[][] = [];
  let current: string[] = [];
  for (const id of sorted) {
    current.push(id);
    if (fnv1a(id) % target === 0 || current.length >= target * 4) {
      shards.push(current);
      current = [];
    }
  }
  if (current.length) shards.push(current);
  return shards;
}
