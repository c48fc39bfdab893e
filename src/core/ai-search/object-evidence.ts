/**
 * The object signal of searchByText from two kinds of evidence: the detector's confidence per asked
 * label, and the item's own metadata naming the label (the query's word in its name, tags, notes
 * or folders). A word that is also a label still means what it says in metadata (issue 43): an item
 * tagged "dog" counts as holding a dog for certain, so it ranks with the best detections and above
 * a weak one (a cat the detector calls "dog" at 0.48). Pure.
 */
import type { CocoLabel } from './object-words';

/** What metadata naming a label counts for: as sure as the detector ever is. */
export const NAMED = 1;

export interface ObjectEvidence {
  score: number;
  /** Whether the item's metadata named an asked label. */
  named: boolean;
}

/**
 * Per item, the mean over the asked labels of the better of detection and naming. Detected items
 * come first in the map, in the detector's order, so ties keep the detector's ranking.
 */
export function combineObjectEvidence(
  labels: readonly CocoLabel[],
  detected: readonly { id: string; perLabel: readonly number[] }[],
  namedBy: ReadonlyMap<CocoLabel, ReadonlySet<string>>,
): Map<string, ObjectEvidence> {
  const ids = new Set([...detected.map((hit) => hit.id), ...[...namedBy.values()].flatMap((set) => [...set])]);
  const confidences = new Map(detected.map((hit) => [hit.id, hit.perLabel]));
  const evidence = new Map<string, ObjectEvidence>();
  for (const id of ids) {
    let sum = 0;
    let named = false;
    labels.forEach((label, i) => {
      const byName = namedBy.get(label)?.has(id) ?? false;
      named ||= byName;
      sum += Math.max(confidences.get(id)?.[i] ?? 0, byName ? NAMED : 0);
    });
    evidence.set(id, { score: sum / labels.length, named });
  }
  return evidence;
}
