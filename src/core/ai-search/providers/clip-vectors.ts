/**
 * Image embeddings of the user's CLIP model, packed SHARD_SIZE to a row (one row per vector reads
 * ~8× slower, research §5) as int8 (the unit vector × 127: cosine error under 1%). Rows only grow;
 * a re-indexed item's newer vector wins, and removed or trashed items are left out when results are
 * read (ai-search.service.ts), so nothing has to be rewritten in place. A model switch drops all.
 */
import type { LibraryDb } from '../../storage/library-db';

export const SHARD_SIZE = 512;

export function quantise(unit: Float32Array): Int8Array {
  return Int8Array.from(unit, (v) => Math.max(-127, Math.min(127, Math.round(v * 127))));
}

/** Appends one item's vector to the last shard of `model` (a new shard when it is full). Run inside a write transaction. */
export async function appendClipVector(db: LibraryDb, model: string, id: string, unit: Float32Array): Promise<void> {
  const vector = quantise(unit);
  const last = await db.clipShards.orderBy('shard').last();
  if (last && last.model === model && last.ids.length < SHARD_SIZE) {
    const data = new Int8Array(last.data.length + vector.length);
    data.set(last.data);
    data.set(vector, last.data.length);
    await db.clipShards.put({ ...last, ids: [...last.ids, id], data });
  } else {
    await db.clipShards.put({ shard: (last?.shard ?? -1) + 1, model, ids: [id], data: vector });
  }
}

export async function clearClipVectors(db: LibraryDb): Promise<void> {
  await db.clipShards.clear();
}

/** How many distinct items hold a vector of `model`. */
export async function clipVectorCount(db: LibraryDb, model: string): Promise<number> {
  const ids = new Set<string>();
  await db.clipShards.each((row) => row.model === model && row.ids.forEach((id) => ids.add(id)));
  return ids.size;
}

/** Every item's cosine with `query` (a unit vector), best first; the latest vector of an item counts. */
export async function rankByClip(db: LibraryDb, model: string, query: Float32Array): Promise<{ id: string; score: number }[]> {
  const scores = new Map<string, number>();
  const dims = query.length;
  await db.clipShards.each((row) => {
    if (row.model !== model || row.data.length !== row.ids.length * dims) return;
    row.ids.forEach((id, slot) => {
      let dot = 0;
      const base = slot * dims;
      for (let d = 0; d < dims; d++) dot += row.data[base + d]! * query[d]!;
      scores.set(id, dot / 127);
    });
  });
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
