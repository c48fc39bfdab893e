/**
 * Runs the persisted media jobs of a library: picks the oldest job (jobs someone waits for first),
 * has the injected MediaProcessor decode it outside any transaction, then stores the result in
 * one short write transaction. The queue lives in IndexedDB; what is kept here (which libraries
 * are draining, who waits for what) is safe to lose with a stopped service worker.
 */
import type { OpenLibrary } from '../context';
import type { ItemObserver } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { RemoteFileKind, RemoteFileSource } from '../storage/remote-files';
import type { ItemRow } from '../storage/rows';
import { writeTransaction } from '../storage/write';
import { putObjects } from '../ai-search/objects-store';
import { announceIndexed } from '../ai-search/indexed-change';
import { CLIP_JOB, CUSTOM_THUMBNAIL_JOB, DESCRIPTOR_JOB, dropFinishedJobs, isMediaJob, OBJECTS_JOB, TEXT_JOB, THUMBNAIL_JOB, ticketOf, type ClipJob, type JobWait, type MediaJob } from './media-jobs';
import { embedItemTexts, TEXT_BATCH } from '../ai-search/embed-item-text';
import { appendClipVector, compactClipVectors } from '../ai-search/providers/clip-vectors';
import { mediaKindOf, type MediaProcessor } from './media-processor';
import { recordFailure, storeResult, type Produced } from './store-result';

export type { JobWait };

export interface JobRunnerOptions {
  /** Without one (e.g. the page-side fallback transport), jobs simply stay queued. */
  media?: MediaProcessor;
  clock: () => number;
  observers: readonly ItemObserver[];
  /** Fetches (and keeps) an original or thumbnail that is not on this device yet (storage/remote-files.ts). */
  remoteFiles?: RemoteFileSource;
  /**
   * Jobs in flight at once per library; by default one more than the processor can decode at
   * once (its capacity), so one is being stored while the others decode.
   */
  concurrency?: number;
  /** Failed attempts (transient trouble) before a job is dropped. */
  maxAttempts?: number;
  /** Told about anything unexpected (the service worker logs it). */
  report?: (error: unknown) => void;
}

interface Drain {
  library: OpenLibrary;
  done: Promise<void>;
  /** Set when kicked during a pass: run another pass, retrying jobs skipped in this one. */
  kicked: boolean;
}

interface Completion {
  ticket: string;
  wait: Exclude<JobWait, { status: 'timeout' }>;
}

export class JobRunner {
  private readonly drains = new Map<string, Drain>();
  private readonly listeners = new Map<string, Set<(completion: Completion) => void>>();
  /** Job ids a request is waiting for: they go before the rest of the queue. */
  private readonly urgent = new Set<string>();

  constructor(private readonly options: JobRunnerOptions) {}

  /** Makes sure the library's queue is being worked on. */
  kick(library: OpenLibrary): void {
    if (!this.options.media) return;
    const name = library.db.name;
    const running = this.drains.get(name);
    if (running) {
      running.kicked = true;
      return;
    }
    const drain: Drain = { library, kicked: false, done: Promise.resolve() };
    drain.done = this.drain(drain).finally(() => this.drains.delete(name));
    this.drains.set(name, drain);
  }

  /** Resolves once no library's queue is being worked on (the service worker's waitUntil). */
  async whenIdle(): Promise<void> {
    while (this.drains.size) await Promise.allSettled([...this.drains.values()].map((d) => d.done));
  }

  /**
   * Kicks the queue and waits until the job with `ticket` has run (or a newer request for the same
   * job has), at most `ms`.
   */
  runAndWait(library: OpenLibrary, job: MediaJob, ms: number): Promise<JobWait> {
    const key = `${library.db.name}|${job.id}`;
    const mine = job.payload.ticket;
    return new Promise<JobWait>((resolve) => {
      const listeners = this.listeners.get(key) ?? new Set();
      this.listeners.set(key, listeners);
      const finish = (wait: JobWait) => {
        clearTimeout(timer);
        listeners.delete(listener);
        if (listeners.size === 0) {
          this.listeners.delete(key);
          this.urgent.delete(job.id);
        }
        resolve(wait);
      };
      const listener = ({ ticket, wait }: Completion) => {
        if (ticket === mine) return finish(wait);
        // A newer request replaced ours and has now run: that answers ours too.
        void library.db.jobs.get(job.id).then((queued) => ticketOf(queued) !== mine && finish(wait), () => {});
      };
      const timer = setTimeout(() => finish({ status: 'timeout' }), ms);
      listeners.add(listener);
      this.urgent.add(job.id);
      this.kick(library);
    });
  }

  private async drain(drain: Drain): Promise<void> {
    do {
      drain.kicked = false;
      const skip = new Set<string>();
      const inFlight = new Set<string>();
      const lanes = Array.from({ length: await this.laneCount() }, () => this.lane(drain.library, skip, inFlight));
      await Promise.all(lanes);
    } while (drain.kicked);
  }

  private async laneCount(): Promise<number> {
    if (this.options.concurrency) return this.options.concurrency;
    const capacity = await this.options.media!.capacity?.().catch(() => 1);
    return Math.max(1, capacity ?? 1) + 1;
  }

  private async lane(library: OpenLibrary, skip: Set<string>, inFlight: Set<string>): Promise<void> {
    const excluded = (id: string) => skip.has(id) || inFlight.has(id);
    for (;;) {
      const job = await this.nextJob(library.db, excluded);
      if (!job) return;
      if (inFlight.has(job.id)) continue;
      inFlight.add(job.id);
      // Text jobs go in batches: one encoder call and one transaction for several items. Checked
      // and marked in flight in one synchronous step: another lane may have taken one meanwhile.
      const more = job.kind === TEXT_JOB ? await this.moreTextJobs(library.db, excluded) : [];
      const batch = [job, ...more.filter((other) => !excluded(other.id))];
      for (const other of batch) inFlight.add(other.id);
      try {
        if (await this.run(library, batch)) for (const queued of batch) skip.add(queued.id);
      } catch (error) {
        for (const queued of batch) skip.add(queued.id);
        this.options.report?.(error);
      } finally {
        for (const done of batch) inFlight.delete(done.id);
      }
    }
  }

  /** Up to TEXT_BATCH - 1 more queued text jobs that no lane has taken. */
  private async moreTextJobs(db: LibraryDb, excluded: (id: string) => boolean): Promise<MediaJob[]> {
    const jobs = await db.jobs.where('id').startsWith(`${TEXT_JOB}:`).filter((j) => !excluded(j.id)).limit(TEXT_BATCH - 1).toArray();
    return jobs.filter(isMediaJob);
  }

  private async nextJob(db: LibraryDb, excluded: (id: string) => boolean): Promise<MediaJob | undefined> {
    for (const id of this.urgent) {
      if (excluded(id)) continue;
      const job = await db.jobs.get(id);
      if (isMediaJob(job)) return job;
    }
    // Thumbnails first: people wait for them in the grid, while AI indexing is background work that
    // would otherwise hold back the thumbnails of a big import (a job's id starts with its kind).
    const thumbnail = await db.jobs
      .where('id')
      .startsWithAnyOf(`${THUMBNAIL_JOB}:`, `${CUSTOM_THUMBNAIL_JOB}:`)
      .filter((j) => isMediaJob(j) && !excluded(j.id))
      .first();
    if (isMediaJob(thumbnail)) return thumbnail;
    const job = await db.jobs.orderBy('createdAt').filter((j) => isMediaJob(j) && !excluded(j.id)).first();
    return isMediaJob(job) ? job : undefined;
  }

  /**
   * Runs one job, or a batch of text jobs; answers true when they stay queued (need a page, or
   * failed for now).
   */
  private async run(library: OpenLibrary, batch: readonly MediaJob[]): Promise<boolean> {
    const { clock, observers } = this.options;
    const job = batch[0]!;
    let produced: Produced | 'needs-page';
    try {
      if (job.kind === OBJECTS_JOB) return await this.runObjects(library, job);
      if (job.kind === TEXT_JOB) {
        let wait: Awaited<ReturnType<typeof embedItemTexts>>;
        try {
          wait = await embedItemTexts(library, batch, this.options.media!, this.options.clock);
        } catch (error) {
          // One bad item must not cost the others an attempt: each on its own, then only it fails.
          if (batch.length > 1) return this.runEach(library, batch);
          throw error;
        }
        if (wait === 'needs-page') return true;
        for (const done of batch) this.complete(library, done, wait);
        return false;
      }
      if (job.kind === CLIP_JOB) return await this.runClip(library, job);
      produced = await this.produce(library.db, job);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const max = this.options.maxAttempts ?? 3;
      await writeTransaction(library, clock(), async () => {
        for (const failed of batch) await recordFailure(library.db, failed, reason, max, observers, clock());
      }, { keepsDate: true });
      for (const failed of batch) this.complete(library, failed, { status: 'failed', reason });
      return true;
    }
    if (produced === 'needs-page') return true;
    await writeTransaction(library, clock(), () => storeResult(library.db, job, produced, observers, clock()), { keepsDate: true });
    const { outcome } = produced;
    this.complete(library, job, outcome.status === 'done' ? { status: 'done' } : outcome);
    return false;
  }

  /** Runs a failed batch's jobs one at a time; true when any of them stays queued. */
  private async runEach(library: OpenLibrary, batch: readonly MediaJob[]): Promise<boolean> {
    let stays = false;
    for (const job of batch) stays = (await this.run(library, [job])) || stays;
    return stays;
  }

  /**
   * Finds the objects in the item's picture (the original of a raster, else its thumbnail) with
   * the page's detector, then stores them; no detector (no page) leaves the job queued.
   */
  private async runObjects(library: OpenLibrary, job: MediaJob): Promise<boolean> {
    const { db } = library;
    const media = this.options.media!;
    const row = await db.items.where('id').equals(job.itemId).first();
    // An original not on this device (a synced item) is not fetched for this: its thumbnail serves.
    const original = row && mediaKindOf(row.mime, row.ext) === 'raster' && row.hasFile ? await db.files.get(row.id) : undefined;
    const source = !row ? undefined : (original ?? (await this.stored(db, row, 'thumbnail')));
    const outcome = !source
      ? { status: 'undecodable' as const, reason: 'The item has no picture.' }
      : media.detectObjects
        ? await media.detectObjects({ kind: 'raster', blob: source.blob, mime: source.blob.type })
        : { status: 'needs-page' as const, reason: 'No object detector here.' };
    if (outcome.status === 'needs-page') return true;
    await writeTransaction(library, this.options.clock(), async () => {
      await dropFinishedJobs(db, [job]);
      const current = await db.items.where('id').equals(job.itemId).first();
      if (current) await putObjects(db, current, outcome.status === 'done' ? outcome.objects : []);
      if (current) announceIndexed([job.itemId]);
    }, { keepsDate: true });
    this.complete(library, job, outcome.status === 'done' ? { status: 'done' } : outcome);
    return false;
  }

  /**
   * Embeds the item's thumbnail with the user's CLIP model in the page's CLIP worker and appends
   * the vector; no page with the model (or another model there) leaves the job queued.
   */
  private async runClip(library: OpenLibrary, job: ClipJob): Promise<boolean> {
    const { db } = library;
    const media = this.options.media!;
    const row = await db.items.where('id').equals(job.itemId).first();
    const source = row && (await this.stored(db, row, 'thumbnail'));
    const outcome = !source
      ? { status: 'undecodable' as const, reason: 'The item has no thumbnail.' }
      : media.clipImage
        ? await media.clipImage({ kind: 'raster', blob: source.blob, mime: source.blob.type })
        : { status: 'needs-page' as const, reason: 'No CLIP worker here.' };
    if (outcome.status === 'needs-page' || (outcome.status === 'done' && outcome.model !== job.payload.model)) return true;
    await writeTransaction(library, this.options.clock(), async () => {
      await dropFinishedJobs(db, [job]);
      if (outcome.status === 'done' && (await db.items.where('id').equals(job.itemId).count())) {
        await appendClipVector(db, job.payload.model, job.itemId, outcome.embedding);
        announceIndexed([job.itemId]);
      }
      // The library's last clip job: leave one vector per item.
      if ((await db.jobs.where('id').startsWith(`${CLIP_JOB}:`).count()) === 0) await compactClipVectors(db, job.payload.model);
    }, { keepsDate: true });
    this.complete(library, job, outcome.status === 'done' ? { status: 'done' } : outcome);
    return false;
  }

  /** Reads the source and has it decoded; no transaction is open while the processor works. */
  private async produce(db: LibraryDb, job: MediaJob): Promise<Produced | 'needs-page'> {
    const media = this.options.media!;
    const none = (reason: string, fileSize?: number): Produced => ({ outcome: { status: 'undecodable', reason }, fileSize });
    if (job.kind === CUSTOM_THUMBNAIL_JOB) {
      const { source, mime } = job.payload;
      const kind = mediaKindOf(mime, '') ?? 'raster';
      const outcome = await media.process({ kind, blob: source, mime });
      return outcome.status === 'needs-page' ? 'needs-page' : { outcome };
    }
    const row = await db.items.where('id').equals(job.itemId).first();
    if (!row) return none('The item no longer exists.');
    if (job.kind === DESCRIPTOR_JOB) {
      const thumbnail = await this.stored(db, row, 'thumbnail');
      if (!thumbnail) return none('The item has no thumbnail.');
      const outcome = await media.process({ kind: 'raster', blob: thumbnail.blob, mime: thumbnail.blob.type });
      return outcome.status === 'needs-page' ? 'needs-page' : { outcome };
    }
    const file = row.hasFile ? await this.stored(db, row, 'original') : undefined;
    if (!file) return none('The item has no stored file.');
    const size = file.blob.size;
    const kind = mediaKindOf(row.mime, row.ext);
    if (!kind) return none(`No thumbnail is made from ${row.ext || row.mime || 'these'} files.`, size);
    const outcome = await media.process({ kind, blob: file.blob, mime: row.mime || file.blob.type });
    return outcome.status === 'needs-page' ? 'needs-page' : { outcome, fileSize: size };
  }

  /**
   * The item's thumbnail or original on this device, else fetched from where the library's files
   * come from (a synced or subscribed library's item) and kept, so a job never drops a file that
   * simply has not arrived yet.
   */
  private async stored(db: LibraryDb, row: ItemRow, kind: RemoteFileKind): Promise<{ blob: Blob } | undefined> {
    const here = kind === 'thumbnail' ? await db.thumbnails.get(row.id) : await db.files.get(row.id);
    if (here) return here;
    const blob = await this.options.remoteFiles?.(db, row, kind);
    return blob && { blob };
  }

  private complete(library: OpenLibrary, job: MediaJob, wait: Completion['wait']): void {
    const listeners = this.listeners.get(`${library.db.name}|${job.id}`);
    for (const listener of [...(listeners ?? [])]) listener({ ticket: job.payload.ticket, wait });
  }
}
