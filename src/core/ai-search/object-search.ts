/**
 * Ranks items by the objects found in them: each asked label counts its best detection's
 * confidence (0 when absent), averaged over the asked labels, so items holding all of them come
 * first ("person on a bicycle"). Confidence is a ranking weight, not a filter (research: true tags
 * often score under 0.5). Items in the trash are never ranked.
 */
import type { LibraryDb } from '../storage/library-db';
import type { CocoLabel } from './object-words';

export interface ObjectHit {
  id: string;
  score: number;
  /** The asked labels found in the item. */
  found: string[];
}

export async function rankByObjects(db: LibraryDb, labels: readonly CocoLabel[]): Promise<ObjectHit[]> {
  const rows = await db.objects.where('labels').anyOf([...labels]).distinct().toArray();
  const hits: ObjectHit[] = [];
  for (const row of rows) {
    if (row.trashed) continue;
    let sum = 0;
    const found: string[] = [];
    for (const label of labels) {
      const best = row.detections.find((d) => d.label === label);
      if (best) sum += best.score, found.push(label);
    }
    hits.push({ id: row.id, score: sum / labels.length, found });
  }
  return hits.sort((a, b) => b.score - a.score);
}
