/**
 * Ranks the library's pictures by likeness to a descriptor: one pass over the packed shards,
 * keeping the best `limit` (near-duplicates first, by construction of the score). Items in the
 * trash are never ranked.
 */
import type { LibraryDb } from '../storage/library-db';
import { eachLiveDescriptor } from './descriptor-store';
import { DESCRIPTOR_BYTES } from './descriptor-layout';
import { compareDescriptors } from './visual-similarity';

export interface VisualHit {
  id: string;
  score: number;
  nearDuplicate: boolean;
}

export async function rankByLikeness(db: LibraryDb, query: Uint8Array, limit: number, exclude?: string): Promise<VisualHit[]> {
  const best: VisualHit[] = [];
  await eachLiveDescriptor(db, (id, data, at) => {
    if (id === exclude) return;
    const { score, nearDuplicate } = compareDescriptors(query, data, at);
    if (best.length === limit && score <= best[best.length - 1]!.score) return;
    let i = best.length;
    while (i > 0 && best[i - 1]!.score < score) i--;
    best.splice(i, 0, { id, score, nearDuplicate });
    if (best.length > limit) best.pop();
  });
  return best;
}

/** The stored descriptor of one item, or undefined when it has none (yet). */
export async function descriptorOf(db: LibraryDb, itemId: string, shardNo: number | undefined): Promise<Uint8Array | undefined> {
  if (shardNo === undefined) return undefined;
  const shard = await db.descriptorShards.get(shardNo);
  const slot = shard?.ids.indexOf(itemId) ?? -1;
  return slot < 0 ? undefined : shard!.data.slice(slot * DESCRIPTOR_BYTES, (slot + 1) * DESCRIPTOR_BYTES);
}
