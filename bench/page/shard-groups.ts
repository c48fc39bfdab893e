/**
 * The published rows' raw baselines fetch and store the shards a group of about RAW_GROUP_ITEMS
 * items at a time, so a million items never sit parsed in the page at once; at 100,000 items or
 * fewer there is one group, all fetched at once, as before groups existed.
 */
export const RAW_GROUP_ITEMS = 100_000;

/** `files` in order, in groups of at most `limit` items (a bigger shard alone). */
export function shardGroups(files: readonly string[], items: readonly number[], limit: number): string[][] {
  const groups: string[][] = [];
  let held = Infinity;
  files.forEach((file, i) => {
    if (held + items[i]! > limit) {
      groups.push([]);
      held = 0;
    }
    groups.at(-1)!.push(file);
    held += items[i]!;
  });
  return groups;
}
