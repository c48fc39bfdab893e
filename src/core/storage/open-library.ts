/**
 * A library as the storage floor hands it out: its record, its database, where its writes publish
 * what they changed, and the write pipeline the features registered (createApi assembles it).
 */
import type { ChangeFeed } from '../events/change-feed';
import type { ItemObserver } from './item-changes';
import type { LibraryDb } from './library-db';
import type { LibraryRecord } from './registry';

/**
 * What every write runs besides its own work, registered by the features above the floor.
 * `observers`: everything derived from item rows, run by commitItemChanges in the rows' transaction
 * (src/core/item-observers.ts lists them). `prepare`: loads what the observers need synchronously
 * inside the transaction (a transaction cannot wait for a script), before it starts.
 */
export interface WritePipeline {
  readonly observers: readonly ItemObserver[];
  readonly prepare: () => Promise<void>;
}

export interface OpenLibrary {
  record: LibraryRecord;
  db: LibraryDb;
  /** Where its write transactions publish what they changed. */
  changes: ChangeFeed;
  /** What every write transaction on it runs besides its own work. */
  pipeline: WritePipeline;
}
