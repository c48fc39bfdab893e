/**
 * "Find similar" weighs what is in the pictures over how they look (issue 24, point 5; figures in
 * docs/decisions/ai-search-precision.md): when the detector found objects in the query picture,
 * an item's score is mostly how alike its objects are (cosine of label → confidence), and the
 * rest its visual likeness (colour and layout, ./visual-similarity.ts); below SCORE_FLOOR nothing
 * is shown (a cat photo no longer lists a bus because both are mostly grey). Near-duplicates
 * (the same picture edited) always stay, first. A query picture with no objects (a drawing, or
 * objects not indexed yet) ranks by looks alone, as before.
 */
import type { LibraryDb } from '../storage/library-db';
import type { VisualHit } from './visual-search';

/** The share of the score that objects decide when the query picture has some. */
export const OBJECT_WEIGHT = 0.65;
/** Above this only near-duplicates score (docs/api-extensions.md): the visual score's own line. */
export const NEAR_DUPLICATE_LINE = 0.8;
/** The most a mix of objects and looks can reach (a visual score stays below the line). */
const MIX_TOP = OBJECT_WEIGHT + (1 - OBJECT_WEIGHT) * NEAR_DUPLICATE_LINE;
/** Results scoring below this are not shown (when objects took part): 0.3 of the mix's top. */
export const SCORE_FLOOR = (0.3 * NEAR_DUPLICATE_LINE) / MIX_TOP;

export type ObjectVector = Map<string, number>;

async function vectorsOf(db: LibraryDb, ids: readonly string[]): Promise<Map<string, ObjectVector>> {
  const rows = await db.objects.bulkGet([...ids]);
  const vectors = new Map<string, ObjectVector>();
  rows.forEach((row, at) => {
    if (!row?.detections.length) return;
    const vector: ObjectVector = new Map();
    for (const { label, score } of row.detections) vector.set(label, Math.max(vector.get(label) ?? 0, score));
    vectors.set(ids[at]!, vector);
  });
  return vectors;
}

function cosine(a: ObjectVector, b: ObjectVector): number {
  let dot = 0, aa = 0, bb = 0;
  for (const [label, score] of a) {
    aa += score * score;
    dot += score * (b.get(label) ?? 0);
  }
  for (const score of b.values()) bb += score * score;
  return aa && bb ? dot / Math.sqrt(aa * bb) : 0;
}

/** The objects found in an item's picture (label → best confidence), or undefined when none are. */
export async function objectVectorOf(db: LibraryDb, id: string): Promise<ObjectVector | undefined> {
  return (await vectorsOf(db, [id])).get(id);
}

/** Re-ranks visual hits by objects and looks, best first, at most `limit`, the floor applied. */
export async function rankWithObjects(db: LibraryDb, query: ObjectVector, hits: readonly VisualHit[], limit: number): Promise<VisualHit[]> {
  const vectors = await vectorsOf(db, hits.map((hit) => hit.id));
  const scored = hits.map((hit) => {
    const objects = vectors.get(hit.id);
    // Scaled under the line, order kept: two photos of people that look alike (an astronaut and a
    // headset ad) mixed to 0.81 and read as near-duplicates.
    const mixed = OBJECT_WEIGHT * (objects ? cosine(query, objects) : 0) + (1 - OBJECT_WEIGHT) * hit.score;
    const score = hit.nearDuplicate ? hit.score : (mixed * NEAR_DUPLICATE_LINE) / MIX_TOP;
    return { ...hit, score };
  });
  return scored
    .filter((hit) => hit.nearDuplicate || hit.score >= SCORE_FLOOR)
    .sort((a, b) => Number(b.nearDuplicate) - Number(a.nearDuplicate) || b.score - a.score)
    .slice(0, limit);
}
