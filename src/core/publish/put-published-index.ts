/**
 * A first load in bulk (docs/decisions/published-library.md, "the index published prebuilt"): the
 * first screen's items go through the write pipeline (searchable with the first screen), the
 * later batches store item rows with their search terms only (bulk-load-observers.ts), and once
 * every shard is stored one transaction puts the index built for every item: the posting lists
 * replaced whole, tag and folder counts set, smart-folder counts dropped (made again when read),
 * and the library announced as `indexed` (every client reads what it shows again). Until then search, filters and the counts they read answer for
 * the first screen's items (listings read the rows: every stored item): they wait for the index,
 * they do not answer from half of it.
 *
 * The index is the manifest's when its layout is this code's (published-index.ts) and no update
 * was stored during the load, else built here from the stored rows: an update keeps an edited
 * item's stored key, where the new manifest's index names the key its new modification time makes.
 */
import { announce } from '../events/transaction-changes';
import type { LibraryDb } from '../storage/library-db';
import type { OpenLibrary } from '../storage/open-library';
import { rowsByKey } from '../storage/rows-by-key';
import { writeTransaction } from '../storage/write';
import { newTagRow } from '../tags/tag-row';
import { fetchIndex, type Fetch } from './fetch-published';
import type { Manifest } from './published-format';
import { buildIndex, INDEX_LAYOUT, type BuiltIndex } from './published-index';
import { readSubscription, writeSubscription, type Subscription } from './subscription-state';

/** Whether a first load of `manifest` can be stored in bulk: it ships an index in this code's layout. */
export const hasUsableIndex = (manifest: Manifest): boolean => manifest.index?.layout === INDEX_LAYOUT;

/**
 * Puts the index of `subscription`'s manifest (fetched and checked first: a missing or damaged
 * file is an error naming it, and nothing is written) and clears its `bulk` mark, unless another
 * version was stored meanwhile.
 */
export async function putPublishedIndex(library: OpenLibrary, subscription: Subscription, fetch: Fetch, now: number): Promise<void> {
  const { manifest, base } = subscription;
  const fetched = subscription.bulk === true && hasUsableIndex(manifest) ? await fetchIndex(fetch, base, manifest.index!) : undefined;
  await writeTransaction(library, now, async () => {
    const { db } = library;
    const current = await readSubscription(db);
    if (!current?.bulk || current.manifest.contentVersion !== manifest.contentVersion) return;
    await putIndex(db, current.bulk === true && fetched ? fetched : buildIndex(await db.items.toArray()), now);
    announce({ kind: 'library', action: 'indexed', ids: [library.record.path] });
    const { bulk: _bulk, ...indexed } = current;
    await writeSubscription(db, indexed);
  });
}

async function putIndex(db: LibraryDb, { postings, counts }: BuiltIndex, now: number): Promise<void> {
  await db.postings.clear();
  await db.postings.bulkAdd(postings);
  const names = Object.keys(counts.tags);
  const tags = await rowsByKey(db.tags, names);
  // As the tag observer does for tags new to the library: counted, and used now.
  await db.tags.bulkPut(names.map((name, i) => ({ ...(tags[i] ?? newTagRow(name)), count: counts.tags[name]!, lastUsedAt: now })));
  const folders = await db.folders.toArray();
  await db.folders.bulkPut(folders.map((folder) => ({ ...folder, imageCount: counts.folders[folder.id] ?? 0 })));
  await db.smartFolderCounts.clear();
}
