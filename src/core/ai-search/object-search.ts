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
  /** The best confidence per asked label, in the order asked (0 when absent). */
  perLabel: number[];
  /**
   * The best smallest share of the asked colours inside one box of an asked label; undefined when
   * no colour was asked or the detections carry no box colours.
   */
  boxColour?: number;
}

export async function rankByObjects(db: LibraryDb, labels: readonly CocoLabel[], colours: readonly string[] = []): Promise<ObjectHit[]> {
  const rows = await db.objects.where('labels').anyOf([...labels]).distinct().toArray();
  const hits: ObjectHit[] = [];
  for (const row of rows) {
    if (row.trashed) continue;
    let sum = 0;
    const found: string[] = [];
    const perLabel: number[] = [];
    for (const label of labels) {
      const best = row.detections.find((d) => d.label === label);
      if (best) sum += best.score, found.push(label);
      perLabel.push(best?.score ?? 0);
    }
    const hit: ObjectHit = { id: row.id, score: sum / labels.length, found, perLabel };
    const boxed = row.detections.filter((d) => d.colours && labels.includes(d.label as CocoLabel));
    if (colours.length && boxed.length) hit.boxColour = Math.max(...boxed.map((d) => Math.min(...colours.map((c) => d.colours![c] ?? 0))));
    hits.push(hit);
  }
  return hits.sort((a, b) => b.score - a.score);
}
