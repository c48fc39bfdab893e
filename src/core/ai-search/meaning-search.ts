/**
 * Scoring by meaning (thresholds measured with the real encoder, docs/decisions/ai-search-meaning.md):
 * - items whose centred text embedding is at least MIN_MEANING similar to the query's;
 * - no meaning at all for a query closer to gibberish than to any ordinary file name or tag;
 * - a word the alias table lacks maps onto a COCO label when its prompt is clearly nearest one
 *   ("mutt" → dog, "automobile" → car), never when two labels are about as near ("lorry").
 */
import type { LibraryDb } from '../storage/library-db';
import type { Calibration } from './meaning-calibration';
import { COCO_LABELS, type CocoLabel } from './object-words';
import { eachLiveTextVector } from './text-vector-store';
import { dot, dotPacked } from './vector-math';

/** Centred cosine from which an item counts as meaning the query ("invoice" → a hotel-bill receipt: 0.25; unrelated: < 0.2). */
export const MIN_MEANING = 0.22;
/** Centred cosine at which a query counts as gibberish when no ordinary text is nearer. */
const GIBBERISH_AT = 0.3;
/** A word's prompt must be this similar to its nearest label's prompt... */
const MIN_LABEL = 0.72;
/** ...and this much more similar than to the next label. */
const LABEL_MARGIN = 0.04;

export interface MeaningHit {
  id: string;
  similarity: number;
}

export async function rankByMeaning(db: LibraryDb, query: Float32Array, limit: number): Promise<MeaningHit[]> {
  const hits: MeaningHit[] = [];
  await eachLiveTextVector(db, (id, data, at, scale) => {
    const similarity = dotPacked(query, data, at, scale);
    if (similarity >= MIN_MEANING) hits.push({ id, similarity });
  });
  return hits.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
}

/** Whether a (centred) query embedding reads as gibberish rather than words. */
export function isGibberish(query: Float32Array, calibration: Calibration): boolean {
  const nearest = (vectors: readonly Float32Array[]) => Math.max(...vectors.map((v) => dot(query, v)));
  const gibberish = nearest(calibration.gibberish);
  return gibberish >= GIBBERISH_AT && gibberish > nearest(calibration.generic);
}

/** The label a word's (raw) prompt embedding clearly means, if any. */
export function nearestLabel(wordPrompt: Float32Array, calibration: Calibration): { label: CocoLabel; similarity: number } | undefined {
  let best = -1, second = -1, at = -1;
  calibration.labels.forEach((label, i) => {
    const similarity = dot(wordPrompt, label);
    if (similarity > best) (second = best), (best = similarity), (at = i);
    else if (similarity > second) second = similarity;
  });
  return best >= MIN_LABEL && best - second >= LABEL_MARGIN ? { label: COCO_LABELS[at]!, similarity: best } : undefined;
}
