/**
 * Runs imports: takes files (enumerated lazily from drops), URLs and bookmarks, sends them in
 * batches through item/add with bounded concurrency, and keeps the progress a panel shows.
 * An item/add batch is all-or-nothing and its error names the item index: that item is marked
 * failed with the API's message and the rest of the batch is sent again.
 * Dispatches `change` (progress) and, on `events`, bubbling `items-imported` {ids} as items land.
 */
import { ApiClientError, type ApiClient } from '../api-client';
import type { ImportState } from '../../core/eagle-library';
import { enumerateFiles, type DropRoot } from './enumerate-files';
import { exportKindOf, exportReport } from './export-files';
import { directoryOf, FolderTree } from './folder-tree';
import { DEFAULT_LIMITS, failedIndex, jobBytes, jobLabel, takeBatch, type BatchLimits, type FileJob, type ImportJob } from './import-batches';
import { answerLost, fileQuery, sendFiles } from './send-files';
import { skipGroups } from './skip-groups';
import { markReportShown, REPORT_WITHIN_MS, reportsShown } from './reports-shown';

export interface ImportFailure {
  job: ImportJob;
  label: string;
  message: string;
  /** False for a file that could not even be read from the disk. */
  retryable: boolean;
}

export interface ImportProgress {
  /** Items found so far (grows while folders are still being walked). */
  total: number;
  done: number;
  bytesTotal: number;
  bytesDone: number;
  failures: readonly ImportFailure[];
  /** Folders are still being walked. */
  enumerating: boolean;
  /** Anything is still queued, walking or in flight. */
  active: boolean;
  /** Some of it is the files and links Stop ends (an export's import into the library runs to its end). */
  stoppable: boolean;
  /** Library folders made for dropped folders, by path ("shots", "shots/more"). */
  foldersMade: readonly string[];
  /** New items whose bytes the library already held (item/add's duplicateOf), until kept or skipped. */
  duplicates: readonly ImportDuplicate[];
  /** Why the last "Skip" stopped short, or ''. */
  duplicatesError: string;
  /** Other tools' exports (bookmark files, Takeout zips), each with its progress and then its report. */
  exports: readonly ExportRun[];
}

/** `library`: the library the new copy went to (absent: the current one). */
export interface ImportDuplicate {
  id: string;
  of: string;
  library?: string | null;
}

export interface ExportRun {
  name: string;
  state?: ImportState;
  report?: { title: string; lines: string[] };
  failed?: string;
}

export interface ImportOptions {
  /** Folder the items land in; null for none. */
  folderId?: string | null;
  /** The library they land in (its path); null for whichever is current at each send. */
  library?: string | null;
  concurrency?: number;
  limits?: BatchLimits;
  /** Where `items-imported` is dispatched (bubbling, composed); defaults to the controller. */
  events?: EventTarget;
}

const messageOf = (error: unknown) =>
  error instanceof ApiClientError ? error.body.message : error instanceof Error ? error.message : String(error);

export class ImportController extends EventTarget {
  /** Where new drops and pastes land (the view's folder, the open library): each keeps the one of its time. */
  folderId: string | null;
  library: string | null;
  private readonly concurrency: number;
  private readonly limits: BatchLimits;
  private readonly events: EventTarget;
  private readonly queue: ImportJob[] = [];
  private failures: ImportFailure[] = [];
  private duplicates: ImportDuplicate[] = [];
  private duplicatesError = '';
  private skipping = false;
  private resumed: Promise<void> | undefined;
  /** The client of each library imports went to, made on first use. */
  private readonly clients = new Map<string, ApiClient>();
  private exports: ExportRun[] = [];
  private exportsRunning = 0;
  private foldersMade: string[] = [];
  private counts = { total: 0, done: 0, bytesTotal: 0, bytesDone: 0 };
  private walks = 0;
  private inFlight = 0;
  private persistAsked = false;
  /** Bumped by cancel(): walks of an older generation stop. */
  private generation = 0;
  /** Resolves the walkers waiting for the queue to drain below its high-water mark. */
  private drained: (() => void)[] = [];

  constructor(private readonly api: ApiClient, options: ImportOptions = {}) {
    super();
    this.folderId = options.folderId ?? null;
    this.library = options.library ?? null;
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.events = options.events ?? this;
  }

  get progress(): ImportProgress {
    return {
      ...this.counts,
      failures: this.failures,
      foldersMade: this.foldersMade,
      enumerating: this.walks > 0,
      active: this.walks > 0 || this.queue.length > 0 || this.inFlight > 0 || this.exportsRunning > 0,
      stoppable: this.walks > 0 || this.queue.length > 0 || this.inFlight > 0,
      duplicates: this.duplicates,
      duplicatesError: this.duplicatesError,
      exports: this.exports,
    };
  }

  /** Imports dropped or picked files and folders; resolves when all were walked (not yet sent). */
  async addRoots(roots: readonly DropRoot[]): Promise<void> {
    if (roots.length === 0) return;
    this.walks += 1;
    this.changed();
    const generation = this.generation;
    // Where the person dropped: a view or library changed while the walk or the sends go on changes nothing.
    const into = this.folderId;
    const library = this.library;
    try {
      const unreadable = (problem: { path: string; message: string }) => {
        this.counts.total += 1;
        this.fail({ kind: 'file', file: new File([], problem.path), path: problem.path, into, library }, problem.message, false);
      };
      // A dropped folder becomes a library folder, its subfolders nested inside it (folder-tree.ts).
      const tree = new FolderTree(this.clientOf(library), into, (path) => {
        this.foldersMade = [...this.foldersMade, path];
        this.changed();
      });
      const onDirectory = (path: string) =>
        tree.folderFor(path.replace(/^\/+/, '')).then(
          () => undefined,
          (error: unknown) => unreadable({ path, message: `The folder could not be made: ${messageOf(error)}` }),
        );
      for await (const found of enumerateFiles(roots, this.limits.maxItems, unreadable, onDirectory)) {
        if (generation !== this.generation) break;
        const kinds = await Promise.all(found.map(({ file }) => exportKindOf(file).catch(() => undefined)));
        if (generation !== this.generation) break;
        // A file lands in the library folder made for its dropped folder; so does a zip that turns
        // out to be no export, sent on as a file.
        const asFile = ({ file, path }: { file: File; path: string }): FileJob => {
          const dir = directoryOf(path);
          return { kind: 'file' as const, file, path, into, library, ...(dir ? { folder: () => tree.folderFor(dir) } : {}) };
        };
        for (const [i, kind] of kinds.entries()) if (kind) void this.importExport(found[i]!.file, { library, generation, fallback: asFile(found[i]!) });
        this.enqueue(found.filter((_, i) => !kinds[i]).map(asFile));
        // Backpressure: a 70,000-file drop is walked only as fast as it is sent.
        while (this.queue.length > this.limits.maxItems * this.concurrency * 2 && generation === this.generation) {
          await new Promise<void>((r) => this.drained.push(r));
        }
        if (generation !== this.generation) break;
      }
    } finally {
      this.walks -= 1;
      this.changed();
    }
  }

  addFiles(files: Iterable<File>): Promise<void> {
    return this.addRoots([...files].map((file) => ({ file })));
  }

  /** Image URLs are downloaded by the library; other pages become bookmarks. `text` is what the drop or dialog said of it. */
  addUrl(url: string, asBookmark: boolean, text: { name?: string; annotation?: string } = {}): void {
    this.enqueue([{ kind: asBookmark ? 'bookmark' : 'url', url, ...text, into: this.folderId, library: this.library }]);
  }

  /** Sends every failed item again. */
  retry(): void {
    const again = this.failures.filter((f) => f.retryable).map((f) => f.job);
    this.failures = this.failures.filter((f) => !f.retryable);
    this.counts.total -= again.length;
    this.counts.bytesTotal -= again.reduce((sum, job) => sum + jobBytes(job), 0);
    this.enqueue(again);
    this.changed();
  }

  /** Stops: queued items and the rest of batches under way are dropped, folder walks end; requests already sent finish. */
  cancel(): void {
    this.generation += 1;
    this.uncount(this.queue.splice(0));
    this.drained.splice(0).forEach((resume) => resume());
  }

  /** Keeps the new copies the last imports made of files the library held (the panel's "Keep both"). */
  keepDuplicates(): void {
    this.duplicates = [];
    this.duplicatesError = '';
    this.changed();
  }

  /**
   * The panel's "Skip": each new copy is merged into the item it duplicates (which gains its folders
   * and tags) and goes to the trash, where it can still be restored. A refusal stops there and says
   * why; the copies not yet merged stay offered.
   */
  async skipDuplicates(): Promise<void> {
    // A second click while the first is on its way would merge the same copies again (a refusal).
    if (this.skipping) return;
    this.skipping = true;
    const merged = new Set<ImportDuplicate>();
    this.duplicatesError = '';
    try {
      for (const { library, keep, copies } of skipGroups(this.duplicates)) {
        await this.clientOf(library).post('/item/mergeDuplicates', { keep, others: copies.map((copy) => copy.id) });
        copies.forEach((copy) => merged.add(copy));
      }
    } catch (error) {
      this.duplicatesError = `The copies were not all skipped: ${messageOf(error)}`;
    } finally {
      this.skipping = false;
    }
    this.duplicates = this.duplicates.filter((duplicate) => !merged.has(duplicate));
    this.events.dispatchEvent(new CustomEvent('items-imported', { detail: { ids: [] }, bubbles: true, composed: true }));
    this.changed();
  }

  /** Forgets finished work (the panel's "clear"); running work goes on. */
  clearFinished(): void {
    this.failures = [];
    this.duplicates = [];
    this.duplicatesError = '';
    this.exports = this.exports.filter((run) => !run.report && !run.failed);
    this.foldersMade = [];
    const queuedBytes = this.queue.reduce((sum, job) => sum + jobBytes(job), 0);
    this.counts = { total: this.queue.length, done: 0, bytesTotal: queuedBytes, bytesDone: 0 };
    this.changed();
  }

  private enqueue(jobs: ImportJob[]): void {
    if (jobs.length === 0) return;
    this.queue.push(...jobs);
    this.counts.total += jobs.length;
    this.counts.bytesTotal += jobs.reduce((sum, job) => sum + jobBytes(job), 0);
    this.changed();
    this.pump();
  }

  private fail(job: ImportJob, message: string, retryable = true): void {
    this.failures = [...this.failures, { job, label: jobLabel(job), message, retryable }];
    this.changed();
  }

  private pump(): void {
    while (this.inFlight < this.concurrency && this.queue.length) {
      const batch = takeBatch(this.queue, this.limits);
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.drained.splice(0).forEach((resume) => resume());
        this.changed();
        this.pump();
      });
    }
  }

  /** Files go one request each, as Blobs (item/addFile); URLs and bookmarks in item/add batches. */
  private async send(batch: ImportJob[]): Promise<void> {
    // Stop ends the sends of this batch not made yet (each file is a request of its own).
    const generation = this.generation;
    const stopped = () => generation !== this.generation;
    // A batch goes to one library (takeBatch): the one open when its drop or paste was made.
    const library = batch[0]?.library ?? null;
    const api = this.clientOf(library);
    const files = batch.filter((job): job is FileJob => job.kind === 'file');
    if (files.length) {
      const ids = await sendFiles(api, files, async (job) => fileQuery(job, job.folder ? await job.folder() : (job.into ?? null)), {
        done: (job, id, duplicateOf) => {
          if (duplicateOf) this.duplicates = [...this.duplicates, { id, of: duplicateOf, ...(library ? { library } : {}) }];
          this.counts.done += 1;
          this.counts.bytesDone += jobBytes(job);
          this.changed();
        },
        failed: (job, message) => this.fail(job, message),
        lost: (job) => this.landedUnseen([job]),
        skipped: (job) => this.uncount([job]),
      }, stopped);
      if (ids.length) this.imported(ids);
    }
    const others = batch.filter((job) => job.kind !== 'file');
    if (others.length && stopped()) this.uncount(others);
    else if (others.length) await this.sendItems(api, others, stopped);
  }

  /** Jobs that will not be sent (stopped): out of the totals, as the queue's are. */
  private uncount(jobs: readonly ImportJob[]): void {
    this.counts.total -= jobs.length;
    this.counts.bytesTotal -= jobs.reduce((sum, job) => sum + jobBytes(job), 0);
    this.changed();
  }

  /** Jobs the library stored whose answer was lost: done (sent again, they would be added twice), their ids unknown here. */
  private landedUnseen(jobs: readonly ImportJob[]): void {
    this.counts.done += jobs.length;
    this.counts.bytesDone += jobs.reduce((sum, job) => sum + jobBytes(job), 0);
    this.changed();
    this.imported([]);
  }

  private imported(ids: string[]): void {
    this.events.dispatchEvent(new CustomEvent('items-imported', { detail: { ids }, bubbles: true, composed: true }));
    this.askPersistence();
  }

  private async sendItems(api: ApiClient, batch: ImportJob[], stopped: () => boolean): Promise<void> {
    let items: Record<string, unknown>[];
    try {
      items = await Promise.all(batch.map((job) => this.itemOf(job as Exclude<ImportJob, FileJob>)));
    } catch (error) {
      for (const job of batch) this.fail(job, messageOf(error));
      return;
    }
    try {
      const added = await api.post('/item/add', { items });
      if (!('ids' in added)) throw new Error('item/add answered one item to a batch.');
      const { ids, duplicateOf } = added;
      const library = batch[0]?.library ?? null;
      const found = ids.flatMap((id, i) => (duplicateOf?.[i] ? [{ id, of: duplicateOf[i], ...(library ? { library } : {}) }] : []));
      if (found.length) this.duplicates = [...this.duplicates, ...found];
      this.counts.done += batch.length;
      this.counts.bytesDone += batch.reduce((sum, job) => sum + jobBytes(job), 0);
      this.imported(ids);
    } catch (error) {
      if (answerLost(error)) return this.landedUnseen(batch);
      const index = error instanceof ApiClientError ? failedIndex(error.body.message) : undefined;
      if (index === undefined || !batch[index]) {
        for (const job of batch) this.fail(job, messageOf(error));
        return;
      }
      this.fail(batch[index], messageOf(error).replace(/\bitems\[\d+\]\.?\s*/, '').replace(/^:\s*/, ''));
      const rest = batch.filter((_, i) => i !== index);
      this.uncount(rest);
      // The rest of the batch goes again, unless the person pressed Stop meanwhile.
      if (!stopped()) this.enqueue(rest);
    }
  }

  /**
   * Sends an export to library/import (into the open library) and follows it to its report; a zip
   * the worker does not know (400) is added as `fallback`, the file's own job, instead (not after a Stop).
   */
  private async importExport(file: File, { library, generation, fallback }: { library: string | null; generation: number; fallback: FileJob }): Promise<void> {
    const { run, update } = this.startRun({ name: file.name });
    try {
      const { importLibrary } = await import('../library-transfer/index');
      const state = await importLibrary(
        { kind: 'zip', zip: file, name: file.name },
        { into: 'current', ...(library ? { library } : {}), onProgress: ({ state }) => state && update({ state }) },
      );
      this.reported(state, file.name, update);
    } catch (error) {
      if (error instanceof ApiClientError && error.httpStatus === 400 && /\.zip$/i.test(file.name)) {
        this.exports = this.exports.filter((other) => other !== run);
        if (generation === this.generation) this.enqueue([fallback]);
        else this.changed();
      } else update({ failed: messageOf(error) });
    } finally {
      this.exportsRunning -= 1;
      this.changed();
    }
  }

  /**
   * Shows again the exports a page left (a reload, a closed tab: the worker went on with them): one
   * still running is followed to its report; one that ended since shows its report once
   * (./reports-shown.ts). Only this panel's library's; Eagle libraries opened from the library menu
   * are not this panel's. Once per controller: the panel calls it when it makes its controller.
   */
  resumeExports(): Promise<void> {
    return (this.resumed ??= this.resumeOnce());
  }

  private async resumeOnce(): Promise<void> {
    let states: ImportState[];
    let path: string;
    try {
      const client = this.clientOf(this.library);
      [states, { path }] = await Promise.all([client.get('/library/import') as Promise<ImportState[]>, client.get('/library/info') as Promise<{ path: string }>]);
    } catch {
      return; // nothing to show: an import it missed still lands, without its report
    }
    const known = new Set(this.exports.flatMap((run) => (run.state ? [run.state.id] : [])));
    const shown = reportsShown();
    for (const state of states) {
      if (state.libraryPath !== path || state.format === undefined || state.format === 'eagle' || known.has(state.id)) continue;
      if (state.status === 'running') void this.followExport(state);
      else if (!shown.has(state.id) && Date.now() - state.finishedAt < REPORT_WITHIN_MS) this.showEnded(state);
    }
  }

  private showEnded(state: ImportState): void {
    const run: ExportRun = { name: state.folderName, state, report: exportReport(state.folderName, state) };
    markReportShown(state.id);
    this.exports = [...this.exports, run];
    this.changed();
  }

  /** A run shown in the panel, counted as running until its caller ends it; `update` changes what it shows. */
  private startRun(run: ExportRun): { run: ExportRun; update: (patch: Partial<ExportRun>) => void } {
    this.exports = [...this.exports, run];
    this.exportsRunning += 1;
    this.changed();
    const update = (patch: Partial<ExportRun>) => {
      Object.assign(run, patch);
      this.exports = [...this.exports];
      this.changed();
    };
    return { run, update };
  }

  /** An export's import ended: its report shown (once, ./reports-shown.ts), and the views read again. */
  private reported(state: ImportState, name: string, update: (patch: Partial<ExportRun>) => void): void {
    update({ state, report: exportReport(name, state) });
    markReportShown(state.id);
    this.events.dispatchEvent(new CustomEvent('items-imported', { detail: { ids: [] }, bubbles: true, composed: true }));
  }

  private async followExport(started: ImportState): Promise<void> {
    const { update } = this.startRun({ name: started.folderName, state: started });
    try {
      const { followImport } = await import('../library-transfer/index');
      const state = await followImport(started, { library: started.libraryPath, onProgress: ({ state }) => state && update({ state }) });
      this.reported(state, started.folderName, update);
    } catch (error) {
      update({ failed: messageOf(error) });
    } finally {
      this.exportsRunning -= 1;
      this.changed();
    }
  }

  private async itemOf(job: Exclude<ImportJob, FileJob>): Promise<Record<string, unknown>> {
    const folders = job.into ? { folders: [job.into] } : {};
    switch (job.kind) {
      case 'url':
      case 'bookmark': {
        const text = { ...(job.name ? { name: job.name } : {}), ...(job.annotation ? { annotation: job.annotation } : {}) };
        return { [job.kind === 'url' ? 'url' : 'bookmarkURL']: job.url, ...text, ...folders };
      }
    }
  }

  /** The client for the library a job names: the one given for none (whichever library is current). */
  private clientOf(library: string | null): ApiClient {
    if (!library) return this.api;
    let client = this.clients.get(library);
    if (!client) this.clients.set(library, (client = this.api.withLibrary(library)));
    return client;
  }

  private askPersistence(): void {
    if (this.persistAsked) return;
    this.persistAsked = true;
    void navigator.storage?.persist?.().catch(() => false);
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}
