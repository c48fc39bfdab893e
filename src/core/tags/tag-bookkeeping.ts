/**
 * Keeps each tag's `count` and `lastUsedAt` right as items change (an item observer), and deletes
 * the rows of tags that no item carries any more unless something else keeps them.
 */
import { countDeltas, newlyApplied, type ItemChange, type ItemObserver } from '../storage/item-changes';
import { rowsByKey } from '../storage/rows-by-key';
import { pruneTags } from './tag-lifecycle';
import { newTagRow } from './tag-row';

const byTags = (row: { tags: readonly string[] }) => row.tags;

/** Tags taken off an item (or off a removed item) by the changes: the candidates for pruning. */
function takenOff(changes: readonly ItemChange[]): string[] {
  const out = new Set<string>();
  for (const { before, after } of changes) {
    if (!before) continue;
    const kept = new Set(after ? after.tags : []);
    for (const tag of before.tags) if (!kept.has(tag)) out.add(tag);
  }
  return [...out];
}

export const tagBookkeeping: ItemObserver = async (db, changes, now) => {
  const deltas = countDeltas(changes, byTags);
  const used = new Set(newlyApplied(changes, byTags));
  const names = [...new Set([...deltas.keys(), ...used])];
  if (names.length > 0) {
    const rows = await rowsByKey(db.tags, names);
    await db.tags.bulkPut(
      names.map((name, i) => {
        const row = rows[i] ?? newTagRow(name);
        return {
          ...row,
          count: Math.max(0, row.count + (deltas.get(name) ?? 0)),
          lastUsedAt: used.has(name) ? now : row.lastUsedAt,
        };
      }),
    );
  }
  const dropped = [...deltas].flatMap(([name, delta]) => (delta < 0 ? [name] : []));
  await pruneTags(db, [...dropped, ...takenOff(changes)]);
};
