/**
 * In which order a subscription stores a published library's shards. Shards go in id order
 * (shard-cuts.ts), and an Eagle id begins with its creation time, so the last shards hold the
 * newest items: the first screen of the default sort (newest imported first). They are stored
 * first, at least a screenful of them before library/subscribe answers, so the first screen is
 * painted from them and stays put while the older items stream in below it.
 */
import type { ShardRef } from './published-format';

/** Items stored before library/subscribe answers: more than the first screen of a wide grid. */
export const FIRST_SCREEN_ITEMS = 200;

/** The shards newest first. */
export function newestFirst<T extends Pick<ShardRef, 'file'>>(shards: readonly T[]): T[] {
  return [...shards].reverse();
}

/** The newest shards holding at least FIRST_SCREEN_ITEMS items (all of them in a smaller library). */
export function firstScreenShards(shards: readonly ShardRef[]): ShardRef[] {
  const picked: ShardRef[] = [];
  let items = 0;
  for (const shard of newestFirst(shards)) {
    if (items >= FIRST_SCREEN_ITEMS) break;
    picked.push(shard);
    items += shard.items;
  }
  return picked;
}
