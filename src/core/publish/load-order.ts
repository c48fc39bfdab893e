/**
 * In which order a subscription stores a published library's shards. Shards go in id order
 * (shard-cuts.ts), and an Eagle id begins with its creation time, so the last shards hold the
 * newest items: the first screen of the default sort (newest imported first). They are stored
 * first: the newest FIRST_SCREEN_ITEMS items before library/subscribe answers (from the newest
 * shards, fetched whole), so the first screen is painted from them and stays put while the older
 * items stream in below it.
 */
import type { ShardRef } from './published-format';
import type { ShardWrite } from './store-shards';

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

/**
 * The newest FIRST_SCREEN_ITEMS items of the first screen's shards (newest first, as
 * firstScreenShards picks them): the newer shards whole, the oldest one's newest items only, as a
 * part (stored without its shard row: the load stores it whole later). A content-defined shard can
 * hold up to 4 × the target; the answer waits for a screenful, not for the whole shard.
 */
export function firstScreenWrites(shards: readonly ShardWrite[]): ShardWrite[] {
  let left = FIRST_SCREEN_ITEMS;
  const out: ShardWrite[] = [];
  for (const write of shards) {
    if (left <= 0) break;
    const items = write.shard.items;
    out.push(items.length <= left ? write : { ...write, shard: { ...write.shard, items: items.slice(-left) }, part: true });
    left -= items.length;
  }
  return out;
}
