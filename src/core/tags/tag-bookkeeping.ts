/** Keeps each tag's `count` and `lastUsedAt` right as items change (an item observer). */
import { countDeltas, newlyApplied, type ItemObserver } from '../storage/item-changes';
import type { TagRow } from '../storage/rows';
import { pinyinOf } from './pinyin';

export function newTagRow(name: string): TagRow {
  return { name, count: 0, color: '', pinyin: pinyinOf(name), lastUsedAt: 0, starredAt: 0 };
}

export const tagBookkeeping: ItemObserver = async (db, changes, now) => {
  const byTags = (row: { tags: readonly string[] }) => row.tags;
  const deltas = countDeltas(changes, byTags);
  const used = new Set(newlyApplied(changes, byTags));
  const names = [...new Set([...deltas.keys(), ...used])];
  if (names.length === 0) return;
  const rows = await db.tags.bulkGet(names);
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
};
