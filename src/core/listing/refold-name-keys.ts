/**
 * Version 13's step: rows made before names were composed as they are folded (./fold-text.ts) get
 * their nameKey again. Only names that fold differently now (stored decomposed) are written.
 */
import type { Transaction } from 'dexie';
import type { ItemRow } from '../storage/rows';
import { foldText } from './fold-text';

export async function refoldNameKeys(tx: Transaction): Promise<void> {
  await tx
    .table<ItemRow, string>('items')
    .filter((row) => row.nameKey !== foldText(row.name))
    .modify((row) => {
      row.nameKey = foldText(row.name);
    });
}
