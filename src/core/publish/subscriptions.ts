/**
 * Read-only libraries made from published libraries (`library/subscribe`). The newest screenful
 * of items is stored before the answer, so the first screen has its items (load-order.ts); the
 * rest stream in, newest first, fetched a batch ahead and stored several shards a transaction
 * (shard-batches.ts), resumable from the shard rows (subscription-state.ts). The load starts once
 * an app opening the library has read its first screen, and each transaction waits for the
 * library's requests in flight, so a visitor's reads do not queue behind a long write.
 * Subscribing again to the same URL checks for a new manifest and takes only the shards it does
 * not hold: they are all fetched and checked first, then stored in one transaction, so an update
 * cut off half-way leaves the previous version whole.
 */
import type { QuietOptions } from '../http/library-requests';
import { countStoredItems } from '../storage/counts';
import type { OpenLibrary } from '../storage/open-library';
import { importTags } from '../eagle-library/import-finish';
import { importRoot } from '../eagle-library/import-root';
import type { LibraryRoot } from '../eagle-library/read-library';
import type { SubscribeAnswer } from './subscribe-answer';
import type { LibraryRecord, LibraryRegistry } from '../storage/registry';
import { clearNewLibrary, takeBackLibrary } from '../storage/take-back-library';
import { writeTransaction } from '../storage/write';
import { fetchJson, fetchManifest, fetchShardWrite, libraryBase, type Fetch } from './fetch-published';
import { keptDescriptors, type KeptDescriptors } from './kept-descriptors';
import { firstScreenShards, firstScreenWrites, newestFirst } from './load-order';
import type { Manifest, ShardRef } from './published-format';
import { hasUsableIndex, putPublishedIndex } from './put-published-index';
import { shardBatches, type BatchPlan } from './shard-batches';
import { storeShards, type ShardWrite } from './store-shards';
import { readStoredShardIds, readStoredShards, readSubscription, ReadOnlyLibraries, writeSubscription, type Subscription } from './subscription-state';
import { upgradeSubscription } from './subscription-upgrade';

export interface SubscriptionsDeps {
  registry: LibraryRegistry;
  open: (record: LibraryRecord) => OpenLibrary;
  /** Closes and deletes the database of a library taken out of the registry. */
  drop: (record: LibraryRecord) => Promise<void>;
  /** Before a new library's first open: what a removal cut short left at its path goes. */
  clearLeftovers: (record: LibraryRecord) => Promise<void>;
  clock: () => number;
  fetch: Fetch;
  /** Settles once the library at `path` has no API request in flight as `options` say (http/library-requests.ts). */
  quiet?: (path: string, options: QuietOptions) => Promise<void>;
  /** Told when a library finished loading (to start its media jobs) and about background errors. */
  loaded?: (library: OpenLibrary) => void;
  onError?: (error: unknown) => void;
  /** Told after each batch of a load and when it finished (the `library loading` and `loaded` events). */
  progress?: (library: OpenLibrary) => void;
  /** The pauses before a failed background load is tried again (default RETRY_AFTER_MS). */
  retryAfterMs?: readonly number[];
}

/**
 * A background load that failed (the network went away, the host answered an error) is tried again
 * after each of these pauses in turn, while this worker lives; a later start resumes it anyway.
 * Nothing is lost meanwhile: what was stored stays, and the load resumes from the shard rows.
 */
export const RETRY_AFTER_MS: readonly number[] = [2_000, 10_000, 60_000, 300_000];

/**
 * The background load's transactions: the first one holds about FIRST_BATCH_ITEMS, each next one
 * twice as many up to BATCH_ITEMS; shards are fetched a batch ahead.
 */
const FIRST_BATCH_ITEMS = 500;
export const BATCH_ITEMS = 4000;
const batchItems = (index: number) => Math.min(BATCH_ITEMS, FIRST_BATCH_ITEMS * 2 ** index);
const LOAD_PLAN: BatchPlan = { items: batchItems, aheadItems: (index) => batchItems(index + 1) };
/**
 * A new subscription's load starts once an app opening the library has read its first screen (a
 * first request, then nothing in flight for a moment), or after a few seconds when nobody reads it;
 * each transaction then waits for the library's requests in flight, for a second at most.
 */
const FIRST_SCREEN_READ: QuietOptions = { firstRead: true, idleMs: 300, maxMs: 3000 };
const BETWEEN_BATCHES: QuietOptions = { idleMs: 0, maxMs: 1000 };

export class Subscriptions {
  readonly readOnly: ReadOnlyLibraries;
  private readonly running = new Map<string, Promise<void>>();
  /** Retries under way, from their timer to their load's launch: `whenIdle` waits for them as for a load. */
  private readonly retrying = new Map<string, Promise<void>>();
  /** Libraries being made, by the address they are read from (createOnce). */
  private readonly making = new Map<string, Promise<OpenLibrary>>();
  /** Each library's retry waiting out its pause, and the attempt it will be. */
  private readonly pending = new Map<string, { timer: ReturnType<typeof setTimeout>; attempt: number }>();
  /**
   * Bumped when the library at a path is being removed (library/remove): a load or retry begun
   * before stops at its next step and schedules nothing, so that nothing opens the library after
   * its database was deleted (Dexie would make it afresh, empty, under the old name).
   */
  private readonly generations = new Map<string, number>();
  /** Libraries whose removal stopped their load or retry (the attempt it was): taken up again if the removal fails. */
  private readonly stopped = new Map<string, number>();
  /**
   * Why a library's load stopped, once it and every retry failed (PublishedLoad's `failed`). Kept
   * in memory only: a new worker tries the load again anyway (`resume`).
   */
  private readonly failures = new Map<string, string>();

  constructor(private readonly deps: SubscriptionsDeps) {
    this.readOnly = new ReadOnlyLibraries(deps.registry.namespace);
  }

  /** Subscribes to the published library at `url` (relative to `base`), or updates the library already subscribed to it. */
  async subscribe(url: string, base: string, wait: boolean): Promise<SubscribeAnswer> {
    const from = libraryBase(url, base);
    const found = await this.libraryReading(from);
    // One a stopped worker left half made (marked, nothing stored yet) is finished, not made again.
    const existing = found && (await readSubscription(found.db)) ? found : undefined;
    const library = existing ?? (await this.createOnce(from, found));
    if (existing && wait) await this.track(library, this.update(library));
    if (wait) await this.loadNow(library);
    else if (existing) this.updateBehind(library);
    else this.launch(library, true);
    const subscription = (await readSubscription(library.db))!;
    return {
      path: library.record.path,
      name: library.record.name,
      url: from,
      contentVersion: subscription.manifest.contentVersion,
      items: subscription.manifest.counts.items,
      stored: await countStoredItems(library.db),
    };
  }

  publishedFrom(path: string): Promise<string | undefined> {
    return this.readOnly.sourceOf(path);
  }

  /** Why the load of the library at `path` stopped, if it and every retry failed. */
  failure(path: string): string | undefined {
    return this.failures.get(path);
  }

  /** Loads what a stopped worker left of every subscription; one library that fails does not keep the others waiting. */
  async resume(): Promise<void> {
    for (const [path] of await this.readOnly.all()) {
      const generation = this.generationOf(path);
      const stays = this.stays(path, generation);
      try {
        const library = await this.reopen(path, stays);
        if (library) this.launch(library, false, 0, generation);
      } catch (error) {
        if (stays()) this.deps.onError?.(error);
      }
    }
  }

  async whenIdle(): Promise<void> {
    while (this.running.size > 0 || this.retrying.size > 0) await Promise.allSettled([...this.running.values(), ...this.retrying.values()]);
  }

  /**
   * The library at `path` is being removed (library/remove): its pending retry is called off, and
   * a load or retry under way stops at its next step without opening it again. Call it before the
   * registry entry goes: whatever opened the library before is then deleted with it.
   */
  removing(path: string): void {
    const pending = this.pending.get(path);
    clearTimeout(pending?.timer);
    this.pending.delete(path);
    if (pending || this.running.has(path) || this.retrying.has(path)) this.stopped.set(path, pending?.attempt ?? 0);
    else this.stopped.delete(path);
    this.generations.set(path, this.generationOf(path) + 1);
  }

  /** The removal failed and the library is back as it was: so is its load, if the removal stopped one. */
  kept(path: string): void {
    const attempt = this.stopped.get(path);
    this.stopped.delete(path);
    if (attempt !== undefined) this.retry(path, attempt, this.generationOf(path));
  }

  private generationOf(path: string): number {
    return this.generations.get(path) ?? 0;
  }

  /** Whether the library at `path` is still the one of `generation` (not removed since): asked after every await. */
  private stays(path: string, generation: number): () => boolean {
    return () => this.generationOf(path) === generation;
  }

  private async libraryReading(from: string): Promise<OpenLibrary | undefined> {
    for (const [path, source] of await this.readOnly.all()) {
      const record = source === from ? await this.deps.registry.find(path) : undefined;
      if (record) return this.opened(record);
    }
    return undefined;
  }

  private async openNew(name: string): Promise<OpenLibrary> {
    // Unfinished until marked read-only (a half-made one is then found and filled by the next subscribe).
    const record = await this.deps.registry.createKeepingName(name, { unfinished: true });
    const steps = { unmark: (path: string) => this.readOnly.remove(path), drop: this.deps.drop };
    await clearNewLibrary(this.deps.registry, record, this.deps.clearLeftovers, steps, this.deps.onError);
    return this.deps.open(record);
  }

  /** A subscribed library, its state in this code's layout (subscription-upgrade.ts). */
  private async opened(record: LibraryRecord): Promise<OpenLibrary> {
    const library = this.deps.open(record);
    await upgradeSubscription(library);
    return library;
  }

  /**
   * A library already here answers with what is stored; its new version, if any, is fetched behind
   * it (after the load under way), then the rest loads. Offline, or with the host down, it stays as
   * it is: the failure is reported, not answered.
   */
  private updateBehind(library: OpenLibrary): void {
    const path = library.record.path;
    const generation = this.generationOf(path);
    // Trying again from now on: its clients hear that a load that had stopped no longer is.
    if (this.failures.delete(path)) this.deps.progress?.(library);
    void this.track(library, this.update(library))
      .catch((error: unknown) => this.deps.onError?.(error))
      // Removed meanwhile: nothing more is loaded or scheduled for it.
      .then(() => this.generationOf(path) === generation && this.launch(library, false, 0, generation));
  }

  /** One creation per address at a time: two subscribes at once (two embeds, two tabs) make one library. */
  private createOnce(from: string, halfMade?: OpenLibrary): Promise<OpenLibrary> {
    let made = this.making.get(from);
    if (!made) {
      made = this.create(from, halfMade).finally(() => this.making.delete(from));
      this.making.set(from, made);
    }
    return made;
  }

  /**
   * Everything is fetched and checked before the library is made: a bad URL leaves nothing behind.
   * `halfMade`: the library of a subscribe a stopped worker cut off, filled instead of a new one.
   * A write that fails (a full device) takes the library back out: nothing is left half made.
   */
  private async create(from: string, halfMade?: OpenLibrary): Promise<OpenLibrary> {
    const { fetch, clock } = this.deps;
    const manifest = await fetchManifest(fetch, from);
    const root = await fetchJson<LibraryRoot>(fetch, from, manifest.root);
    const first = await this.fetchShards(from, manifest, firstScreenShards(manifest.shards));
    const library = halfMade ?? (await this.openNew(manifest.name));
    try {
      // Read-only before anything is stored: no moment where a script could write into it.
      await this.readOnly.add(library.record.path, from);
      await this.deps.registry.finished(library.record.path);
      const now = clock();
      await writeTransaction(library, now, async () => {
        await importRoot(library.db, { ...root, tags: root.tags ?? {} }, now);
        await writeSubscription(library.db, { base: from, manifest, updatedAt: now, tags: root.tags ?? {}, ...(hasUsableIndex(manifest) ? { bulk: true as const } : {}) });
      });
      await storeShards(library, firstScreenWrites(first), [], clock());
    } catch (error) {
      // Taken back: the only library stays, marked, and the next subscribe fills it.
      const steps = { unmark: (path: string) => this.readOnly.remove(path), drop: this.deps.drop };
      await takeBackLibrary(this.deps.registry, library.record, steps).catch((undoing: unknown) => this.deps.onError?.(undoing));
      throw error;
    }
    return library;
  }

  /**
   * A new manifest: every new shard fetched and checked, then stored with the old ones' leftovers
   * removed, in one transaction. Tracked as the library's load (`running`), so a retry waits for it.
   */
  private async update(library: OpenLibrary): Promise<void> {
    await this.running.get(library.record.path)?.catch(() => undefined);
    const current = (await readSubscription(library.db))!;
    const manifest = await fetchManifest(this.deps.fetch, current.base);
    if (manifest.contentVersion === current.manifest.contentVersion) return;
    const wanted = new Set(manifest.shards.map((shard) => shard.file));
    const storedIds = await readStoredShardIds(library.db);
    const stored = new Set(storedIds.map((shard) => shard.file));
    const kept = keptDescriptors(current.manifest, storedIds);
    const writes = await this.fetchShards(current.base, manifest, manifest.shards.filter((shard) => !stored.has(shard.file)), kept);
    const dropped = [...stored].filter((file) => !wanted.has(file));
    // The root's tags go with the new manifest; an unchanged root is not fetched (nor are its tags, when kept).
    let tags = manifest.root === current.manifest.root ? current.tags : undefined;
    if (manifest.root !== current.manifest.root) {
      const root = await fetchJson<LibraryRoot>(this.deps.fetch, current.base, manifest.root);
      tags = root.tags ?? {};
      const now = this.deps.clock();
      await writeTransaction(library, now, () => importRoot(library.db, { ...root, tags: root.tags ?? {} }, now));
    }
    const now = this.deps.clock();
    // A bulk load not finished stays one, its index built from the stored rows once every shard of the new version is stored.
    const subscription: Subscription = { base: current.base, manifest, updatedAt: now, ...(tags ? { tags } : {}), ...(current.bulk ? { bulk: 'from-rows' as const } : {}) };
    await storeShards(library, writes, dropped, now, { subscription });
  }

  private async fetchShards(base: string, manifest: Manifest, shards: readonly ShardRef[], kept?: KeptDescriptors): Promise<ShardWrite[]> {
    return Promise.all(shards.map((ref) => fetchShardWrite(this.deps.fetch, base, manifest, ref, kept)));
  }

  /**
   * `fresh`: a library just made, that an app is about to open. `attempt`: retries so far (RETRY_AFTER_MS).
   * `generation`: the library's when the load (or its first try) began (`generations`).
   */
  private launch(library: OpenLibrary, fresh = false, attempt = 0, generation = this.generationOf(library.record.path)): void {
    const path = library.record.path;
    if (this.running.has(path)) return;
    void this.track(library, this.finish(library, fresh)).catch((error: unknown) => {
      // Removed meanwhile: the load was cut off with its database, nothing to report or retry.
      if (this.generationOf(path) !== generation) return;
      const pause = (this.deps.retryAfterMs ?? RETRY_AFTER_MS)[attempt];
      if (pause !== undefined) {
        this.pending.set(path, { attempt: attempt + 1, timer: setTimeout(() => this.retry(path, attempt + 1, generation), pause) });
      } else {
        // The last retry: its clients hear that the load stopped, and why, not a progress that no longer moves.
        this.failures.set(path, error instanceof Error ? error.message : String(error));
        this.deps.progress?.(library);
      }
      this.deps.onError?.(error);
    });
  }

  /** A retry falling due, known as under way until it launched its load (or found nothing to load). */
  private retry(path: string, attempt: number, generation: number): void {
    this.pending.delete(path);
    const retried: Promise<void> = this.relaunch(path, attempt, generation).finally(() => {
      if (this.retrying.get(path) === retried) this.retrying.delete(path);
    });
    this.retrying.set(path, retried);
  }

  /**
   * A retry, unless the library was removed (or is no subscription any more) meanwhile. A load
   * running now (a request's `wait` load) goes first: launched during it, the retry would find it
   * running and do nothing, and if that load failed too nothing would try again.
   */
  private async relaunch(path: string, attempt: number, generation: number): Promise<void> {
    const stays = this.stays(path, generation);
    try {
      await this.running.get(path);
      const library = await this.reopen(path, stays);
      if (library) this.launch(library, false, attempt, generation);
    } catch (error) {
      if (stays()) this.deps.onError?.(error);
    }
  }

  /**
   * The subscribed library at `path`, opened, unless it was removed (or is no subscription any
   * more) meanwhile. `stays` is asked after every await, the last time right before the database
   * is opened: a removal begun after that deletes the database opened here.
   */
  private async reopen(path: string, stays: () => boolean): Promise<OpenLibrary | undefined> {
    const record = stays() ? await this.deps.registry.find(path) : undefined;
    if (!record || !stays() || (await this.readOnly.sourceOf(path)) === undefined || !stays()) return undefined;
    const library = await this.opened(record);
    return stays() ? library : undefined;
  }

  /** A `wait` load: after the one running, and itself in `running`, so that an update waits for it as for any load. */
  private async loadNow(library: OpenLibrary): Promise<void> {
    await this.running.get(library.record.path)?.catch(() => undefined);
    await this.track(library, this.finish(library));
  }

  /** `load`, known as the library's load until it settles. */
  private track(library: OpenLibrary, load: Promise<void>): Promise<void> {
    const path = library.record.path;
    // Forgotten in the reaction to the load itself, before whoever awaits `load` goes on (a
    // subscribe launches the load after its update, which must not find the update still running).
    const forget = () => {
      if (this.running.get(path) === settled) this.running.delete(path);
    };
    const settled: Promise<void> = load.then(forget, forget);
    this.running.set(path, settled);
    return load;
  }

  /**
   * Stores the manifest's shards not stored yet, newest first, in batches (LOAD_PLAN), each after
   * the library's requests in flight (BETWEEN_BATCHES), then, for a load in bulk, the published
   * index (put-published-index.ts), then the tags' recent and starred order.
   * A `fresh` library's load starts after its first screen was read (FIRST_SCREEN_READ).
   */
  private async finish(library: OpenLibrary, fresh = false): Promise<void> {
    // Tried again after it stopped: its clients hear that it is no longer stopped.
    if (this.failures.delete(library.record.path)) this.deps.progress?.(library);
    const subscription = await readSubscription(library.db);
    if (!subscription) return;
    const stored = await readStoredShards(library.db);
    const pending = subscription.manifest.shards.filter((shard) => !stored.has(shard.file));
    if (subscription.ready && !subscription.bulk && pending.length === 0) return;
    const { base, manifest } = subscription;
    if (fresh) await this.deps.quiet?.(library.record.path, FIRST_SCREEN_READ);
    for await (const batch of shardBatches(newestFirst(pending), (ref) => fetchShardWrite(this.deps.fetch, base, manifest, ref), LOAD_PLAN)) {
      await this.deps.quiet?.(library.record.path, BETWEEN_BATCHES);
      // An update stored meanwhile takes over: its own load stores what it still lacks.
      if (!(await storeShards(library, batch, [], this.deps.clock(), { bulk: subscription.bulk !== undefined, of: manifest.contentVersion }))) return;
      this.deps.progress?.(library);
    }
    const loaded = await readSubscription(library.db);
    if (loaded?.bulk) await putPublishedIndex(library, loaded, this.deps.fetch, this.deps.clock());
    await this.finishTags(library, subscription);
    this.deps.progress?.(library);
    this.deps.loaded?.(library);
  }

  /** As an import's last step: only the library's own recent tags stay recent (its tags.json). */
  private async finishTags(library: OpenLibrary, subscription: Subscription): Promise<void> {
    // Kept with the manifest when its root was stored; fetched only for a subscription stored before they were kept.
    const tags = subscription.tags ?? (await fetchJson<LibraryRoot>(this.deps.fetch, subscription.base, subscription.manifest.root)).tags ?? {};
    const now = this.deps.clock();
    await writeTransaction(library, now, async () => {
      // An update stored meanwhile keeps its manifest: only that version's load marks it ready.
      const current = await readSubscription(library.db);
      if (current?.manifest.contentVersion !== subscription.manifest.contentVersion) return;
      await importTags(library.db, { startedAt: 0 }, { tags }, now);
      await writeSubscription(library.db, { ...current, tags, ready: true, updatedAt: now });
    });
  }

}
