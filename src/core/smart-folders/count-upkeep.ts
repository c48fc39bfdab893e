/**
 * Keeps the stored smart-folder counts (count-store.ts) right as items change: an item observer,
 * so it runs in the transaction that changes the rows. Each changed row is tested against each
 * folder's rules and those of its ancestors (the pure evaluator, the definition of every rule),
 * before and after, and the count moves by the difference. A count this cannot keep exactly is
 * dropped, to be recomputed on the next read:
 * - items re-derived without a row change (`refreshItems`: a folder renamed, a comment edited),
 *   for folders whose rules read folder names or comments, since the old texts are gone;
 * - a count made on another local day, for folders with a `within` rule.
 */
import { isRefresh, type ItemChange, type ItemObserver } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow, SmartFolderRow } from '../storage/rows';
import { chainOf, dayOfCount, rulesOf, type SmartFolderCountRow } from './count-store';
import { compileConditions, type RuleSubject, type Test } from './evaluate';
import type { Conditions } from './rules';

const readsTexts = (chain: readonly SmartFolderRow[]) => rulesOf(chain).some((rule) => rule.property === 'folderName' || rule.property === 'comments');

export const smartFolderCountUpkeep: ItemObserver = async (db, changes, now) => {
  const entries = await db.smartFolderCounts.toArray();
  if (entries.length === 0 || changes.length === 0) return;
  const rows = new Map((await db.smartFolders.toArray()).map((row) => [row.id, row]));
  const refreshed = changes.some(isRefresh);
  const edits = changes.filter((change) => !isRefresh(change));
  const subjects = subjectsOf(db, edits);
  const dropped: string[] = [];
  const updated: SmartFolderCountRow[] = [];
  for (const entry of entries) {
    const chain = chainOf(rows, entry.id);
    const texts = readsTexts(chain);
    if (chain.length === 0 || (refreshed && texts) || (entry.day !== null && entry.day !== dayOfCount(chain, now))) {
      dropped.push(entry.id);
      continue;
    }
    if (edits.length === 0) continue;
    const tests = chain.map((row) => compileConditions(row.conditions as Conditions, now));
    const holds: Test<RuleSubject> = (subject) => !subject.row.isDeleted && tests.every((test) => test(subject));
    const delta = await countDelta(edits, await subjects(texts), holds);
    if (delta !== 0) updated.push({ ...entry, count: Math.max(0, entry.count + delta) });
  }
  if (dropped.length) await db.smartFolderCounts.bulkDelete(dropped);
  if (updated.length) await db.smartFolderCounts.bulkPut(updated);
};

async function countDelta(edits: readonly ItemChange[], subject: (row: ItemRow) => RuleSubject, holds: Test<RuleSubject>): Promise<number> {
  let delta = 0;
  for (const { before, after } of edits) {
    if (before && holds(subject(before))) delta -= 1;
    if (after && holds(subject(after))) delta += 1;
  }
  return delta;
}

/**
 * Turns rows into rule subjects; folder names and comments are read once, and only when some
 * folder's rules read them. A row change never changes them in the same commit (those go
 * through refreshItems), so today's texts are also the texts the `before` row had.
 */
function subjectsOf(db: LibraryDb, edits: readonly ItemChange[]) {
  let texts: Promise<{ folderNames: Map<string, string>; comments: Map<string, string[]> }> | undefined;
  const load = async () => {
    const itemIds = [...new Set(edits.flatMap((c) => [c.before?.id, c.after?.id]).filter((id): id is string => id !== undefined))];
    const [folders, comments] = await Promise.all([db.folders.toArray(), db.comments.where('itemId').anyOf(itemIds).toArray()]);
    const byItem = new Map<string, string[]>();
    for (const comment of comments) byItem.set(comment.itemId, [...(byItem.get(comment.itemId) ?? []), comment.annotation]);
    return { folderNames: new Map(folders.map((f) => [f.id, f.name])), comments: byItem };
  };
  return async (withTexts: boolean): Promise<(row: ItemRow) => RuleSubject> => {
    if (!withTexts) return (row) => ({ row, folderNames: [], comments: [] });
    const { folderNames, comments } = await (texts ??= load());
    return (row) => ({
      row,
      folderNames: row.folders.flatMap((id) => (folderNames.has(id) ? [folderNames.get(id)!] : [])),
      comments: comments.get(row.id) ?? [],
    });
  };
}
