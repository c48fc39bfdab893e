/**
 * The library's half of sync's dirty set (./dirty-set.ts): an item observer that marks, in the
 * writing transaction itself, every item a write changed, as a `state` row
 * `sync-dirty:item:<id>` → a mark unique to that write. Only while the library syncs: a library
 * that never syncs writes nothing more. A write that fails rolls its marks back with it; a write
 * made while a cycle runs leaves a new mark, so the cycle (which clears only the marks it read,
 * unchanged) leaves it for the next one. Item rows are the one table that grows with the library;
 * the other documents are few and a cycle compares all of them (docs/decisions/sync.md).
 */
import Dexie, { type Transaction } from 'dexie';
import { isRefresh, type ItemObserver } from '../storage/item-changes';
import { FILES_DIRTY_PREFIX } from './file-candidates';
import { SYNC_SETTINGS_KEY } from './sync-state';

export const DIRTY_PREFIX = 'sync-dirty:';

let writes = 0;
/** Distinct for every write of this worker's life, and from other lives (time and chance). */
const newMark = (): string => `${Date.now().toString(36)}.${(writes += 1).toString(36)}.${Math.random().toString(36).slice(2, 8)}`;

export const dirtyKey = (docId: string): string => DIRTY_PREFIX + docId;

/** Transactions in which sync writes what it brought in: the library and replica agree on those already. */
const applying = new WeakSet<Transaction>();

/** Marks nothing for the item writes of the current transaction (a reconcile's own commit). */
export function markNothingIn(transaction: Transaction | null = Dexie.currentTransaction): void {
  if (transaction) applying.add(transaction);
}

export const syncDirtyItems: ItemObserver = async (db, changes) => {
  if (Dexie.currentTransaction && applying.has(Dexie.currentTransaction)) return;
  const ids = new Set<string>();
  // Refreshes (a folder renamed: only derived fields change) change no document.
  for (const change of changes) if (!isRefresh(change)) ids.add((change.after ?? change.before)!.id);
  if (ids.size === 0 || !(await db.state.get(SYNC_SETTINGS_KEY))) return;
  const mark = newMark();
  // Its document for the metadata step, its files for the files step (./file-candidates.ts).
  await db.state.bulkPut([...ids].flatMap((id) => [{ key: dirtyKey(`item:${id}`), value: mark }, { key: FILES_DIRTY_PREFIX + id, value: mark }]));
};
