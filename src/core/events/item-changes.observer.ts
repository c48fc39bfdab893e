/**
 * The `itemChanges` item observer announces what happened to each item row: added, updated,
 * trashed, restored or removed. Refreshes (a folder renamed, a comment edited: the row itself did
 * not change) are left out; a comment's own table announces its item (./table-watch.ts).
 */
import { isRefresh, type ItemChange, type ItemObserver } from '../storage/item-changes';
import type { ChangeActions } from './change';
import { announce } from './transaction-changes';

function actionOf(change: ItemChange): ChangeActions['item'] | undefined {
  if (isRefresh(change)) return undefined;
  const { before, after } = change;
  if (!before) return 'added';
  if (!after) return 'removed';
  if (before.isDeleted !== after.isDeleted) return after.isDeleted ? 'trashed' : 'restored';
  return 'updated';
}

export const itemChanges: ItemObserver = async (_db, changes) => {
  const byAction = new Map<ChangeActions['item'], string[]>();
  for (const change of changes) {
    const action = actionOf(change);
    if (!action) continue;
    const ids = byAction.get(action) ?? [];
    ids.push((change.after ?? change.before)!.id);
    byAction.set(action, ids);
  }
  for (const [action, ids] of byAction) announce({ kind: 'item', action, ids });
};
