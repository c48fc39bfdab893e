/**
 * Version 13's step: rows made before names were composed as they are folded (./fold-text.ts) get
 * their nameKey again. A stored key was the lower-cased name, so a row needs it exactly when that
 * key is not composed: the keys are read from the nameKey index alone (not a whole row each), and
 * only those rows are written. Kept smart-folder counts are dropped: name and text rules now match
 * what they did not (they are counted again on first need).
 */
import type { Transaction } from 'dexie';
import type { ItemRow } from '../storage/rows';
import { foldText } from './fold-text';

export async function refoldNameKeys(tx: Transaction): Promise<void> {
  const items = tx.table<ItemRow, string>('items');
  const stale = ((await items.orderBy('nameKey').uniqueKeys()) as string[]).filter((key) => key !== key.normalize('NFC'));
  if (stale.length) {
    await items
      .where('nameKey')
      .anyOf(stale)
      .modify((row) => {
        row.nameKey = foldText(row.name);
      });
  }
  await tx.table('smartFolderCounts').clear();
}
