/**
 * A published library's shards fetched a few ahead of the transactions that store them, and
 * grouped into batches of about a given number of items: every write pays its per-transaction
 * costs (term packs, posting blocks, tag and folder counts) once per batch instead of once per
 * shard, while the next batch downloads. A shard that cannot be fetched (or fails its check) ends
 * the batches: the shards of its batch fetched before it come first, then its error.
 */
import type { ShardRef } from './published-format';
import type { ShardWrite } from './store-shards';

export interface BatchPlan {
  /** Items the batch at `index` (0, 1, ...) should hold; a batch takes whole shards until it holds as many. */
  items: (index: number) => number;
  /** Items fetched and not yet handed out while the batch at `index` is made and stored, at most (the shard waited for is always fetched). */
  aheadItems: (index: number) => number;
}

export async function* shardBatches(refs: readonly ShardRef[], fetchShard: (ref: ShardRef) => Promise<ShardWrite>, plan: BatchPlan): AsyncGenerator<ShardWrite[]> {
  const fetched = new Map<number, Promise<ShardWrite>>();
  let started = 0;
  let taken = 0;
  let aheadItems = 0;
  let index = 0;
  const fetchAhead = () => {
    while (started < refs.length && (started === taken || aheadItems + refs[started]!.items <= plan.aheadItems(index))) {
      const fetching = fetchShard(refs[started]!);
      fetching.catch(() => {}); // awaited when its turn comes; a load stopped before then must not leave it unhandled
      fetched.set(started, fetching);
      aheadItems += refs[started]!.items;
      started += 1;
    }
  };
  for (; taken < refs.length; index++) {
    const batch: ShardWrite[] = [];
    let items = 0;
    const wanted = plan.items(index);
    while (taken < refs.length && items < wanted) {
      fetchAhead();
      let write: ShardWrite;
      try {
        write = await fetched.get(taken)!;
      } catch (error) {
        if (batch.length) yield batch;
        throw error;
      }
      fetched.delete(taken);
      aheadItems -= refs[taken]!.items;
      taken += 1;
      batch.push(write);
      items += write.shard.items.length;
    }
    fetchAhead();
    yield batch;
  }
}
