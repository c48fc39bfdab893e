/**
 * The media queue as requests see it (`ctx.media`): kick a library's queue, wait for a job. Also
 * which libraries this service-worker instance has already looked at: a library's leftover jobs
 * (from a stopped instance) are resumed by the first request that touches it.
 */
import type { OpenLibrary } from '../context';
import type { JobRunner, JobWait } from './job-runner';
import type { MediaJob } from './media-jobs';

/** How long item/refreshThumbnail and item/setCustomThumbnail wait (docs/contract.md#items: 10 s). */
export const THUMBNAIL_WAIT_MS = 10_000;

export class MediaQueue {
  /** Libraries this instance has worked on, by database name. */
  private readonly seen = new Map<string, OpenLibrary>();

  constructor(
    private readonly runner: Pick<JobRunner, 'kick' | 'runAndWait' | 'whenIdle'>,
    /** How long a request waits for its job. */
    readonly waitMs = THUMBNAIL_WAIT_MS,
  ) {}

  kick(library: OpenLibrary): void {
    this.seen.set(library.db.name, library);
    this.runner.kick(library);
  }

  /** A removed library's database: never kick it again. */
  forget(databaseName: string): void {
    this.seen.delete(databaseName);
  }

  /** Kicks every library this instance has worked on (a page connected: SVG and video can run). */
  kickSeen(): void {
    for (const library of this.seen.values()) this.runner.kick(library);
  }

  /** After a request: a write may have queued jobs; a first read of a library resumes old ones. */
  afterRequest(library: OpenLibrary, wrote: boolean): void {
    if (wrote || !this.seen.has(library.db.name)) this.kick(library);
  }

  wait(library: OpenLibrary, job: MediaJob): Promise<JobWait> {
    this.seen.set(library.db.name, library);
    return this.runner.runAndWait(library, job, this.waitMs);
  }

  whenIdle(): Promise<void> {
    return this.runner.whenIdle();
  }
}
