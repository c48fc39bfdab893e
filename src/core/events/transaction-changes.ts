/**
 * Changes announced inside a write transaction wait for it: `writeTransaction` publishes them once
 * the transaction has committed and drops them if it fails, so no stream announces a write that
 * did not happen. Changes of one kind and action (without details) merge into one change whose ids
 * are the union, so a batch of 1000 items is one `item updated`, not 1000.
 */
import Dexie, { type Transaction } from 'dexie';
import type { Change } from './change';

interface Pending {
  change: Change;
  /** The ids so far; a Set because table hooks announce row by row. */
  ids: Set<string>;
}

const pending = new WeakMap<Transaction, Pending[]>();

/** Starts collecting the changes of `transaction` (writeTransaction does this). */
export function collectChanges(transaction: Transaction): void {
  pending.set(transaction, []);
}

/** The transaction's changes, merged, in the order they were first announced. */
export function takeChanges(transaction: Transaction): Change[] {
  const collected = pending.get(transaction) ?? [];
  pending.delete(transaction);
  return collected.map(({ change, ids }) => ({ ...change, ids: [...ids] }));
}

/** Whether `transaction` has announced a change so far: a write that changed nothing a client sees announces none. */
export function hasChanges(transaction: Transaction): boolean {
  return (pending.get(transaction)?.length ?? 0) > 0;
}

/** Ids of the items the transaction changed so far (what the item change log keeps); a selection or an open changes none. */
export function changedItemIds(transaction: Transaction): string[] {
  const ids = new Set<string>();
  for (const { change, ids: some } of pending.get(transaction) ?? []) {
    if (change.kind === 'item' && change.action !== 'selected' && change.action !== 'opened') for (const id of some) ids.add(id);
  }
  return [...ids];
}

/**
 * Announces a change made in the current write transaction. Outside a transaction that
 * writeTransaction started (a test writing rows directly), it is not announced.
 */
export function announce(change: Change, transaction: Transaction | null = Dexie.currentTransaction): void {
  const collected = transaction ? pending.get(transaction) : undefined;
  if (!collected || change.ids.length === 0) return;
  const same = change.details ? undefined : collected.find((c) => c.change.kind === change.kind && c.change.action === change.action && !c.change.details);
  if (same) for (const id of change.ids) same.ids.add(id);
  else collected.push({ change, ids: new Set(change.ids) });
}
