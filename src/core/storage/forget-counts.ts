/**
 * Drops kept smart-folder counts (../smart-folders/count-store.ts) that a change the item observers
 * cannot see made wrong: a rule or a parent changed by an edit, a tag rewrite or a sync. The next
 * read recomputes them. On the floor, so those features need not import smart folders.
 */
import { descendantsOf } from '../shared/forest';
import type { LibraryDb } from './library-db';

/** Drops the counts of `ids` and of every smart folder below them (their rules or place changed). */
export async function forgetCounts(db: LibraryDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.smartFolders.toArray();
  const gone = new Set(ids);
  for (const id of ids) for (const below of descendantsOf(rows, id)) gone.add(below);
  await db.smartFolderCounts.bulkDelete([...gone]);
}
