/**
 * Subscriptions made before the shard rows (docs/decisions/published-library.md) kept
 * every stored id in the subscription row (`stored`: shard file → ids) and each item's file
 * locations in a `state` row of its own (`published:file:<id>`). Upgraded in one transaction the
 * first time this code opens such a library: a row per stored shard, the locations moved into
 * the item rows (`publishedFiles`, which nothing derives from, so the rows are put as they are),
 * the old rows removed.
 */
import type { OpenLibrary } from '../storage/open-library';
import type { PublishedFiles } from '../storage/rows';
import { writeStoredShards, writeSubscription, type Subscription } from './subscription-state';
import { publishedFilesOf } from './store-shards';

const LEGACY_FILE_PREFIX = 'published:file:';

interface LegacySubscription extends Subscription {
  stored?: Record<string, string[]>;
}

/** True when the library was upgraded (false: nothing to do). */
export async function upgradeSubscription(library: OpenLibrary): Promise<boolean> {
  const { db } = library;
  return db.transaction('rw', db.state, db.items, async () => {
    const row = await db.state.get('published:subscription');
    const legacy = row?.value as LegacySubscription | undefined;
    if (!legacy?.stored) return false;
    const { stored, ...subscription } = legacy;
    await writeStoredShards(db, Object.entries(stored).map(([file, ids]) => ({ file, ids })), []);
    const fileRows = await db.state.where('key').startsWith(LEGACY_FILE_PREFIX).toArray();
    const files = new Map(fileRows.map(({ key, value }) => [key.slice(LEGACY_FILE_PREFIX.length), value as PublishedFiles]));
    const items = await db.items.where('id').anyOf([...files.keys()]).toArray();
    await db.items.bulkPut(items.map((item) => ({ ...item, publishedFiles: publishedFilesOf(files.get(item.id)!) })));
    await db.state.bulkDelete(fileRows.map(({ key }) => key));
    await writeSubscription(db, subscription);
    return true;
  });
}

