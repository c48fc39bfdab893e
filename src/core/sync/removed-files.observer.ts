/**
 * An item observer: an item removed from a syncing library (a removal that came in from the
 * server, or any removal made here) leaves a note in the same transaction, and the next files step
 * deletes its files from the files database (files-cycle.ts), so files of items removed everywhere
 * do not stay on the server. An item removed and added again in one write (its key moved) is no
 * removal.
 */
import { removedItemIds, type ItemObserver } from '../storage/item-changes';
import { noteItemsRemoved } from './file-records';
import { readSettings } from './sync-state';

export const filesOfRemovedItems: ItemObserver = async (db, changes) => {
  const removed = removedItemIds(changes);
  if (removed.length && (await readSettings(db))) await noteItemsRemoved(db, removed);
};
