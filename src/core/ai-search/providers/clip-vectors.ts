/**
 * Image embeddings of the user's CLIP model, packed SHARD_SIZE to a row (one row per vector reads
 * ~8× slower, research §5) as int8 (the unit vector × 127: cosine error under 1%). Rows grow while
 * a library is indexed: a re-indexed item's newer vector wins, and removed or trashed items are left
 * out when results are read (ai-search.service.ts). When a library's last clip job is done, the rows
 * are compacted (compactClipVectors): one vector per item that still exists. A model switch drops all.
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

/**
 * Rewrites the rows of `model` with one vector per item that still exists, its newest, when any row
 * holds an older or a removed item's vector. Inside a write transaction.
 */
export async function compactClipVectors(db: LibraryDb, model: string): Promise<void> {
  const rows = await db.clipShards.orderBy('shard').toArray();
  const newest = new Map<string, Int8Array>();
  let slots = 0;
  for (const row of rows) {
    if (row.model !== model || !row.ids.length) continue;
    const dims = row.data.length / row.ids.length;
    row.ids.forEach((id, slot) => {
      slots += 1;
      newest.delete(id); // so the map keeps items in the order of their newest vector
      newest.set(id, row.data.subarray(slot * dims, (slot + 1) * dims));
    });
  }
  const existing = new Set((await db.items.where('id').anyOf([...newest.keys()]).keys()) as string[]);
  const kept = [...newest].filter(([id]) => existing.has(id));
  if (kept.length === slots && rows.every((row) => row.model === model)) return;
  await db.clipShards.clear();
  for (let start = 0, shard = 0; start < kept.length; start += SHARD_SIZE, shard++) {
    const part = kept.slice(start, start + SHARD_SIZE);
    const data = new Int8Array(part.reduce((sum, [, vector]) => sum + vector.length, 0));
    let at = 0;
    for (const [, vector] of part) {
      data.set(vector, at);
      at += vector.length;
    }
    await db.clipShards.put({ shard, model, ids: part.map(([id]) => id), data });
  }
}

export async function clearClipVectors(db: LibraryDb): Promise<void> {
  await db.clipShards.clear();
}

/** Whether any item holds a vector of `model` (reads up to the first such row, not all of them). */
export async function hasClipVectors(db: LibraryDb, model: string): Promise<boolean> {
  return (await db.clipShards.filter((row) => row.model === model && row.ids.length > 0).first()) !== undefined;
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
