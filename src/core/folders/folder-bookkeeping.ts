/** Keeps each folder's `imageCount` and the recent-folders list right as items change (an item observer). */
import { countDeltas, newlyApplied, type ItemObserver } from '../storage/item-changes';
import { rowsByKey } from '../storage/rows-by-key';

export const RECENT_FOLDERS_KEY = 'recentFolders';
const RECENT_FOLDERS_KEPT = 50;

export const folderBookkeeping: ItemObserver = async (db, changes) => {
  const byFolders = (row: { folders: readonly string[] }) => row.folders;
  const deltas = countDeltas(changes, byFolders);
  if (deltas.size > 0) {
    const ids = [...deltas.keys()];
    const rows = await rowsByKey(db.folders, ids);
    const updated = rows.flatMap((row) =>
      row ? [{ ...row, imageCount: Math.max(0, row.imageCount + (deltas.get(row.id) ?? 0)) }] : [],
    );
    await db.folders.bulkPut(updated);
  }
  const used = newlyApplied(changes, byFolders);
  if (used.length > 0) {
    const recent = ((await db.state.get(RECENT_FOLDERS_KEY))?.value as string[] | undefined) ?? [];
    const next = [...[...used].reverse(), ...recent.filter((id) => !used.includes(id))].slice(0, RECENT_FOLDERS_KEPT);
    await db.state.put({ key: RECENT_FOLDERS_KEY, value: next });
  }
};
