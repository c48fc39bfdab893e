/**
 * The last step of an import: recent and starred tags as the library's tags.json lists them
 * (library-format.md §2.3). Applying tags to the imported items made them all "recently used";
 * only the library's own history stays so, newest first.
 */
import type { LibraryDb } from '../storage/library-db';
import { ensureTagRows } from '../tags/tag-lifecycle';
import { strings } from './eagle-json';
import type { ImportState } from './import-state';
import type { LibraryRoot } from './read-library';

/** Eagle keeps at most this many recent tags. */
export const HISTORY_KEPT = 120;

export async function importTags(db: LibraryDb, state: Pick<ImportState, 'startedAt'>, root: Pick<LibraryRoot, 'tags'>, now: number): Promise<void> {
  const history = strings(root.tags.historyTags).slice(0, HISTORY_KEPT);
  const starred = strings(root.tags.starredTags);
  await ensureTagRows(db, [...history, ...starred]);
  const touched = await db.tags.where('lastUsedAt').aboveOrEqual(state.startedAt).toArray();
  const recentAt = new Map(history.map((name, i) => [name, now - i]));
  const starredAt = new Map(starred.map((name, i) => [name, now + i]));
  const names = [...new Set([...touched.map((row) => row.name), ...history, ...starred])];
  const rows = await db.tags.bulkGet(names);
  await db.tags.bulkPut(
    rows.flatMap((row) =>
      row
        ? [{ ...row, lastUsedAt: recentAt.get(row.name) ?? (row.lastUsedAt >= state.startedAt ? 0 : row.lastUsedAt), starredAt: row.starredAt || (starredAt.get(row.name) ?? 0) }]
        : [],
    ),
  );
}
