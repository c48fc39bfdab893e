/**
 * Reads every packed visual descriptor of an item out of the trash (table `descriptorShards`,
 * written by ai-search/descriptor-store.ts). On the floor: AI search and the duplicate finder scan
 * the same rows.
 */
import { DESCRIPTOR_BYTES } from '../shared/descriptor-layout';
import type { LibraryDb } from './library-db';

/** Shards read at once while scanning: getAll is far faster than a cursor, and this bounds memory. */
const SCAN_BATCH = 32;

/** Calls `visit` for each stored descriptor of an item out of the trash. */
export async function eachLiveDescriptor(db: LibraryDb, visit: (id: string, data: Uint8Array, at: number) => void): Promise<void> {
  const last = (await db.descriptorShards.orderBy('shard').lastKey()) as number | undefined;
  if (last === undefined) return;
  for (let from = 0; from <= last; from += SCAN_BATCH) {
    const shards = await db.descriptorShards.where('shard').between(from, from + SCAN_BATCH).toArray();
    for (const shard of shards) {
      for (let slot = 0; slot < shard.ids.length; slot++) if (!shard.trashed[slot]) visit(shard.ids[slot]!, shard.data, slot * DESCRIPTOR_BYTES);
    }
  }
}
