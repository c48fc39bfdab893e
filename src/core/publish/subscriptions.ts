/**
 * Read-only libraries made from published libraries (`library/subscribe`). The newest shards, a
 * screenful at least, are stored before the answer, so the first screen has its items
 * (load-order.ts); the rest stream in, newest first, one transaction a shard, resumable from the
 * subscription's state row. Subscribing again to the same URL checks for
 * a new manifest and takes only the shards it does not hold: they are all fetched and checked
 * first, then stored in one transaction, so an update cut off half-way leaves the previous version
 * whole.
 */
import type { OpenLibrary } from '../storage/open-library';
import { importTags } from '../eagle-library/import-finish';
import { importRoot } from '../eagle-library/import-root';
import type { LibraryRoot } from '../eagle-library/read-library';
import type { SubscribeAnswer } from './subscribe-answer';
import type { LibraryRecord, LibraryRegistry } from '../storage/registry';
import { writeTransaction } from '../storage/write';
import { fetchJson, fetchManifest, fetchShardWrite, libraryBase, type Fetch } from './fetch-published';
import { firstScreenShards, newestFirst } from './load-order';
import type { Manifest, ShardRef } from './published-format';
import { storeShards, type ShardWrite } from './store-shards';
import { readSubscription, ReadOnlyLibraries, writeSubscription, type Subscription } from './subscription-state';

export interface SubscriptionsDeps {
  registry: LibraryRegistry;
  open: (record: LibraryRecord) => OpenLibrary;
  clock: () => number;
  fetch: Fetch;
  /** Told when a library finished loading (to start its media jobs) and about background errors. */
  loaded?: (library: OpenLibrary) => void;
  onError?: (error: unknown) => void;
}

const storedCount = (subscription: Subscription) => Object.values(subscription.stored).reduce((sum, ids) => sum + ids.length, 0);

export class Subscriptions {
  readonly readOnly: ReadOnlyLibraries;
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: SubscriptionsDeps) {
    this.readOnly = new ReadOnlyLibraries(deps.registry.namespace);
  }

  /** Subscribes to the published library at `url` (relative to `base`), or updates the library already subscribed to it. */
  async subscribe(url: string, base: string, wait: boolean): Promise<SubscribeAnswer> {
    const from = libraryBase(url, base);
    const existing = await this.libraryReading(from);
    const library = existing ?? (await this.create(from));
    if (existing) await this.update(library);
    if (wait) await this.finish(library);
    else this.launch(library);
    const subscription = (await readSubscription(library.db))!;
    return {
      path: library.record.path,
      name: library.record.name,
      url: from,
      contentVersion: subscription.manifest.contentVersion,
      items: subscription.manifest.counts.items,
      stored: storedCount(subscription),
    };
  }

  publishedFrom(path: string): Promise<string | undefined> {
    return this.readOnly.sourceOf(path);
  }

  /** Loads what a stopped worker left of every subscription. */
  async resume(): Promise<void> {
    for (const [path] of await this.readOnly.all()) {
      const record = await this.deps.registry.find(path);
      if (record) this.launch(this.deps.open(record));
    }
  }

  async whenIdle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  private async libraryReading(from: string): Promise<OpenLibrary | undefined> {
    for (const [path, source] of await this.readOnly.all()) {
      const record = source === from ? await this.deps.registry.find(path) : undefined;
      if (record) return this.deps.open(record);
    }
    return undefined;
  }

  /** Everything is fetched and checked before the library is made: a bad URL leaves nothing behind. */
  private async create(from: string): Promise<OpenLibrary> {
    const { fetch, clock } = this.deps;
    const manifest = await fetchManifest(fetch, from);
    const root = await fetchJson<LibraryRoot>(fetch, from, manifest.root);
    const first = await this.fetchShards(from, manifest, firstScreenShards(manifest.shards));
    const library = this.deps.open(await this.deps.registry.createUnique(manifest.name));
    // Read-only before anything is stored: no moment where a script could write into it.
    await this.readOnly.add(library.record.path, from);
    const now = clock();
    await writeTransaction(library, now, async () => {
      await importRoot(library.db, { ...root, tags: root.tags ?? {} }, now);
      await writeSubscription(library.db, { base: from, manifest, stored: {}, updatedAt: now });
    });
    await storeShards(library, first, [], { base: from, manifest }, clock());
    return library;
  }

  /** A new manifest: every new shard fetched and checked, then stored with the old ones' leftovers removed, in one transaction. */
  private async update(library: OpenLibrary): Promise<void> {
    await this.running.get(library.record.path)?.catch(() => undefined);
    const current = (await readSubscription(library.db))!;
    const manifest = await fetchManifest(this.deps.fetch, current.base);
    if (manifest.contentVersion === current.manifest.contentVersion) return;
    const wanted = new Set(manifest.shards.map((shard) => shard.file));
    const writes = await this.fetchShards(current.base, manifest, manifest.shards.filter((shard) => !(shard.file in current.stored)));
    const dropped = Object.keys(current.stored).filter((file) => !wanted.has(file));
    if (manifest.root !== current.manifest.root) {
      const root = await fetchJson<LibraryRoot>(this.deps.fetch, current.base, manifest.root);
      const now = this.deps.clock();
      await writeTransaction(library, now, () => importRoot(library.db, { ...root, tags: root.tags ?? {} }, now));
    }
    await storeShards(library, writes, dropped, { base: current.base, manifest }, this.deps.clock());
  }

  private async fetchShards(base: string, manifest: Manifest, shards: readonly ShardRef[]): Promise<ShardWrite[]> {
    return Promise.all(shards.map((ref) => fetchShardWrite(this.deps.fetch, base, manifest, ref)));
  }

  private launch(library: OpenLibrary): void {
    const path = library.record.path;
    if (this.running.has(path)) return;
    const run = this.finish(library)
      .catch((error: unknown) => this.deps.onError?.(error))
      .finally(() => this.running.delete(path));
    this.running.set(path, run);
  }

  /** Stores the manifest's shards not stored yet, newest first, one transaction each, then the tags' recent and starred order. */
  private async finish(library: OpenLibrary): Promise<void> {
    let subscription = await readSubscription(library.db);
    if (!subscription) return;
    const pending = (s: Subscription) => s.manifest.shards.filter((shard) => !(shard.file in s.stored));
    if (subscription.ready && pending(subscription).length === 0) return;
    for (const ref of newestFirst(pending(subscription))) {
      const write = await fetchShardWrite(this.deps.fetch, subscription.base, subscription.manifest, ref);
      subscription = await storeShards(library, [write], [], { base: subscription.base, manifest: subscription.manifest }, this.deps.clock());
    }
    await this.finishTags(library, subscription);
    this.deps.loaded?.(library);
  }

  /** As an import's last step: only the library's own recent tags stay recent (its tags.json). */
  private async finishTags(library: OpenLibrary, subscription: Subscription): Promise<void> {
    const root = await fetchJson<LibraryRoot>(this.deps.fetch, subscription.base, subscription.manifest.root);
    const now = this.deps.clock();
    await writeTransaction(library, now, async () => {
      await importTags(library.db, { startedAt: 0 }, { ...root, tags: root.tags ?? {} }, now);
      await writeSubscription(library.db, { ...subscription, ready: true, updatedAt: now });
    });
  }

}
