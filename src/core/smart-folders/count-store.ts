/**
 * Smart-folder `imageCount`s kept in IndexedDB (the `smartFolderCounts` table), so that listing
 * smart folders (smartFolder/get, library/info, the answer of create/update) never evaluates
 * every smart folder: one 30 × 30 folder made each of those calls take seconds.
 *
 * Exact invalidation (docs/decisions/smart-folder-counts.md): item changes adjust each kept count
 * by testing the changed rows (count-upkeep.ts, an item observer, in the same transaction);
 * what a row test cannot see drops the count, which the next read recomputes for that folder
 * alone. A folder with a `within` date rule keeps its count for the local day it was made on.
 */
import type { LibraryDb } from '../storage/library-db';
import type { SmartFolderCountRow, SmartFolderRow } from '../storage/rows';
import { matchTables, SmartFolderMatcher } from './match';
import { localMidnight } from './ranges';
import type { Conditions } from './rules';

export type { SmartFolderCountRow };

/** The folder and its ancestors, nearest first: a child matches only within its parent. */
export function chainOf(rows: ReadonlyMap<string, SmartFolderRow>, id: string): SmartFolderRow[] {
  const chain: SmartFolderRow[] = [];
  for (let row = rows.get(id); row && !chain.includes(row); row = row.parent === null ? undefined : rows.get(row.parent)) chain.push(row);
  return chain;
}

export const rulesOf = (chain: readonly SmartFolderRow[]) => chain.flatMap((row) => (row.conditions as Conditions).flatMap((group) => group.rules));

/** The day a folder's count is valid for, or null when its rules do not depend on the date. */
export function dayOfCount(chain: readonly SmartFolderRow[], now: number): number | null {
  return rulesOf(chain).some((rule) => rule.method === 'within') ? localMidnight(now) : null;
}

const isFresh = (entry: SmartFolderCountRow | undefined, now: number): entry is SmartFolderCountRow =>
  entry !== undefined && (entry.day === null || entry.day === localMidnight(now));

/** The kept count of the folder `chain[0]` (nearest first, chainOf), or undefined when none is current. */
export async function keptCount(db: LibraryDb, chain: readonly SmartFolderRow[], now: number): Promise<number | undefined> {
  const entry = await db.smartFolderCounts.get(chain[0]!.id);
  return isFresh(entry, now) ? entry.count : undefined;
}

/** Every smart folder and its count; missing ones are computed, stored, and only they are evaluated. */
export async function smartFolderCounts(db: LibraryDb, now: number): Promise<{ rows: SmartFolderRow[]; counts: Map<string, number> }> {
  const read = async () => {
    const [rows, entries] = await Promise.all([db.smartFolders.toArray(), db.smartFolderCounts.toArray()]);
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const counts = new Map(rows.flatMap((row) => {
      const entry = byId.get(row.id);
      return isFresh(entry, now) ? [[row.id, entry.count] as const] : [];
    }));
    return { rows, counts };
  };
  const known = await db.transaction('r', [db.smartFolders, db.smartFolderCounts], read);
  if (known.counts.size === known.rows.length) return known;
  // Counting and storing in one read-write transaction: no write can slip between the two.
  return db.transaction('rw', [...matchTables(db), db.smartFolderCounts], async () => {
    const { rows, counts } = await read();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const matcher = new SmartFolderMatcher(db, byId, now);
    const made: SmartFolderCountRow[] = [];
    for (const row of rows.filter((r) => !counts.has(r.id))) {
      const count = (await matcher.matches(row.id)).length;
      counts.set(row.id, count);
      made.push({ id: row.id, count, day: dayOfCount(chainOf(byId, row.id), now) });
    }
    await db.smartFolderCounts.bulkPut(made);
    return { rows, counts };
  });
}
