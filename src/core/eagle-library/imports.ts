/**
 * The imports of this worker instance: starts them, resumes those a stopped instance left (their
 * state says "running" but nothing here runs them), and lets the service worker wait for them.
 * What runs is a cache; the truth is each import's state row (import-state.ts).
 */
import { decodeBookmarkBytes } from '../../shared/decode-bookmark-bytes';
import type { OpenLibrary } from '../context';
import type { ChangeEvent } from '../events/change';
import { importChange } from './import-change';
import { ApiError, invalid } from '../http/errors';
import type { MediaQueue } from '../media/media-queue';
import type { LibraryRecord, LibraryRegistry } from '../storage/registry';
import type { KeyedRequest } from '../storage/request-keys';
import { clearNewLibrary, takeBackLibrary } from '../storage/take-back-library';
import { writeTransaction } from '../storage/write';
import { ImportSuperseded } from './import-batch';
import { failImport, runImport } from './import-job';
import { NETSCAPE_DOCTYPE } from './bookmarks-plan';
import { ImportRegistry, newImportState, readImportState, storeImportSource, writeImportState, type ImportFormat, type ImportState } from './import-state';
import { libraryNameOf, type LibraryTree } from './library-tree';
import { takeoutRoot } from './takeout-plan';
import { readRoot } from './read-library';
import { zipTree } from './zip-tree';

export interface ImportsDeps {
  registry: LibraryRegistry;
  open: (record: LibraryRecord) => OpenLibrary;
  /** Closes and deletes the database of a library taken out of the registry. */
  drop: (record: LibraryRecord) => Promise<void>;
  /** Before a new library's first open: what a removal cut short left at its path goes. */
  clearLeftovers: (record: LibraryRecord) => Promise<void>;
  clock: () => number;
  ids: () => string;
  /** Where each step of an import is announced (the change feed: `import` events). */
  publish: (change: ChangeEvent) => void;
  media: MediaQueue;
  openZip?: (zip: Blob, fallbackName: string) => Promise<LibraryTree>;
  onError?: (error: unknown) => void;
}

export interface StartImport {
  zip: Blob;
  into: 'new' | 'current';
  /** The new library's name; by default the library folder's name. */
  name?: string;
  /** The zip's own name, used when the library folder's name is unknown. */
  fileName?: string;
  /**
   * The request's `Idempotency-Key`: recorded with the import's start into the current library,
   * and with a new library, so that the request sent again starts one import, in one library.
   */
  request?: KeyedRequest;
}

export class Imports {
  private readonly running = new Map<string, Promise<ImportState | undefined>>();
  private readonly index: ImportRegistry;
  private readonly openZip: (zip: Blob, fallbackName: string) => Promise<LibraryTree>;

  constructor(private readonly deps: ImportsDeps) {
    this.index = new ImportRegistry(deps.registry.namespace);
    this.openZip = deps.openZip ?? zipTree;
  }

  /**
   * Checks the body, makes the target library, stores the body and starts; a bad body changes
   * nothing, and a new library whose start fails (a full device) is taken back out.
   */
  async start(input: StartImport, current: () => Promise<OpenLibrary>): Promise<ImportState> {
    const { tree, format } = await this.check(input.zip, input.fileName ?? 'Imported.library');
    const folderName = format === 'eagle' ? tree!.folderName : (input.fileName ?? (format === 'bookmarks' ? 'Bookmarks' : 'Google Photos'));
    let library: OpenLibrary;
    let made = false;
    try {
      if (input.into === 'new') {
        // A keyed request sent again (a worker stopped while starting) gets the library it made.
        // Unfinished until its import's state is stored: a worker stopped before leaves it to be taken back.
        const created = await this.deps.registry.createUnique(input.name ?? libraryNameOf(folderName.replace(/\.html?$/i, '')), input.request, { unfinished: true });
        if (created.made) await clearNewLibrary(this.deps.registry, created.record, this.deps.clearLeftovers, { drop: this.deps.drop }, this.deps.onError);
        library = this.deps.open(created.record);
        made = created.made;
        const started = made ? undefined : await this.importIn(library);
        if (started) {
          await tree?.close?.();
          return this.status(started);
        }
      } else library = await current();
    } catch (error) {
      await tree?.close?.();
      throw error;
    }
    const now = this.deps.clock();
    const state = newImportState(
      { id: this.deps.ids(), format, libraryPath: library.record.path, libraryName: library.record.name, folderName, into: input.into, sourceBytes: input.zip.size },
      now,
    );
    try {
      // Listed before its state is stored: a stop between the two leaves an entry with no import
      // (skipped), never an import that nothing lists or resumes.
      await this.index.add(state.id, library.record.path);
      // The key is recorded with the start: the same request sent again answers this import (into
      // the current library, ../request-replay.ts; into a new one, `importIn`), and one sent while
      // this start is under way is refused with a 409, as two keyed writes at once are.
      const { request } = input;
      await writeTransaction(
        library,
        now,
        async () => {
          await storeImportSource(library.db, state.id, input.zip);
          await writeImportState(library.db, state);
        },
        { request },
      );
      // A keyed start sent again may have filled a library the first left unfinished.
      if (input.into === 'new') await this.deps.registry.finished(library.record.path);
    } catch (error) {
      await tree?.close?.();
      // Taken back, unless another start under the key (sent at once) began its import in it meanwhile.
      if (made && !(await this.importIn(library))) {
        await takeBackLibrary(this.deps.registry, library.record, { drop: this.deps.drop }).catch((undoing: unknown) => this.deps.onError?.(undoing));
      }
      throw error;
    }
    this.launch(library, state.id, tree);
    return state;
  }

  /** The import a keyed request already started in the library it made, if it got that far. */
  private async importIn(library: OpenLibrary): Promise<string | undefined> {
    for (const entry of await this.index.all()) {
      if (entry.libraryPath === library.record.path && (await readImportState(library.db, entry.id))) return entry.id;
    }
    return undefined;
  }

  /** An import's state; one a stopped worker left running is resumed on the way. */
  async status(id: string): Promise<ImportState> {
    const library = await this.libraryOf(id);
    const state = library && (await readImportState(library.db, id));
    if (!library || !state) throw new ApiError('NOT_FOUND', `id: no import "${id}".`);
    if (state.status === 'running') this.launch(library, id);
    return state;
  }

  /** Every import this site knows, newest first. */
  async list(): Promise<ImportState[]> {
    const found = await Promise.all((await this.index.all()).map(({ id }) => this.status(id).catch(() => undefined)));
    return found.filter((state): state is ImportState => state !== undefined).sort((a, b) => b.startedAt - a.startedAt);
  }

  /** Waits until the import is no longer running here, then answers its state. */
  async wait(id: string): Promise<ImportState> {
    await this.running.get(id);
    return this.status(id);
  }

  /** Resumes every import a stopped worker left running. */
  async resume(): Promise<void> {
    const unfinished = (await this.index.all()).filter((entry) => entry.running);
    await Promise.all(unfinished.map(({ id }) => this.status(id).catch(() => undefined)));
  }

  async whenIdle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** `opened`: the zip, already open (a fresh start reuses the tree it checked). */
  private launch(library: OpenLibrary, id: string, opened?: LibraryTree): void {
    if (this.running.has(id)) return;
    const { clock, ids, publish } = this.deps;
    const progress = (state: ImportState) => publish(importChange(state));
    const run = runImport(library, id, { clock, ids, openZip: this.openZip, progress }, opened)
      .then((state) => {
        progress(state);
        this.deps.media.kick(library);
        return state;
      })
      .catch(async (error: unknown) => {
        if (error instanceof ImportSuperseded) return undefined;
        this.deps.onError?.(error);
        const failed = await failImport(library, id, error, clock()).catch(() => undefined);
        if (failed) progress(failed);
        return failed;
      })
      .then(async (state) => {
        if (state && state.status !== 'running') await this.index.ended(id).catch(() => undefined);
        return state;
      })
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async libraryOf(id: string): Promise<OpenLibrary | undefined> {
    const path = await this.index.libraryOf(id);
    const record = path ? await this.deps.registry.find(path) : undefined;
    return record && this.deps.open(record);
  }

  /**
   * What the body is, by its content: a zip holding an Eagle library (its tree, kept open) or a
   * Takeout of Google Photos, or a Netscape bookmark file; a 400 naming the body and what is expected otherwise.
   */
  private async check(body: Blob, fallbackName: string): Promise<{ format: ImportFormat; tree?: LibraryTree }> {
    if (body.size === 0) throw invalid(`body: is empty; ${EXPECTED}.`);
    const head = new Uint8Array(await body.slice(0, 4096).arrayBuffer());
    if (!(head[0] === 0x50 && head[1] === 0x4b)) {
      if (NETSCAPE_DOCTYPE.test(decodeBookmarkBytes(head))) return { format: 'bookmarks' };
      throw invalid(`body: is neither a zip nor a bookmark file; ${EXPECTED}.`);
    }
    let tree: LibraryTree;
    try {
      tree = await this.openZip(body, fallbackName);
    } catch (error) {
      throw invalid(`body: is not a readable zip (${error instanceof Error ? error.message : String(error)}); ${EXPECTED}.`);
    }
    const root = await readRoot(tree).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    if (typeof root !== 'string') return { format: 'eagle', tree };
    const takeout = await takeoutRoot(tree).catch(() => undefined);
    await tree.close?.();
    if (takeout) return { format: 'takeout' };
    throw invalid(`body: is a zip but not an Eagle library (${root}) nor a Google Takeout (no "Google Photos" folder); ${EXPECTED}.`);
  }
}

const EXPECTED =
  'expected an Eagle library zip, a Google Takeout zip of Google Photos, or a browser bookmark file (HTML starting with <!DOCTYPE NETSCAPE-Bookmark-file-1>)';
