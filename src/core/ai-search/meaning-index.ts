/**
 * Indexing by meaning: like objects (./objects-store.ts), it starts the first time a library is
 * searched by text, since the encoder loads only once AI search is used. Then every item gets a
 * `text` job (the page's media worker embeds its metadata text, ./item-text.ts), and
 * ./meaning.observer.ts queues one whenever an item is added or its text changes.
 */
import { textJob } from '../media/media-jobs';
import type { LibraryDb } from '../storage/library-db';

const ENABLED_KEY = 'ai-meaning-enabled';

export async function meaningEnabled(db: LibraryDb): Promise<boolean> {
  return Boolean((await db.state.get(ENABLED_KEY))?.value);
}

/** Turns indexing by meaning on and queues every item; false if it was on. Inside a write transaction. */
export async function enableMeaning(db: LibraryDb, now: number): Promise<boolean> {
  if (await meaningEnabled(db)) return false;
  await db.state.put({ key: ENABLED_KEY, value: true });
  const ids = (await db.items.orderBy('id').keys()) as string[];
  await db.jobs.bulkPut(ids.map((id) => textJob(id, now)));
  return true;
}
