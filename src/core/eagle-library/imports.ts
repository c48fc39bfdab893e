/**
 * The imports of this worker instance: starts them, resumes those a stopped instance left (their
 * state says "running" but nothing here runs them), and lets the service worker wait for them.
 * What runs is a cache; the truth is each import's state row (import-state.ts).
 */
import type { OpenLibrary } from '../context';
import type { ChangeEvent } from '../events/change';
import { importChange } from './import-change';
import { ApiError, invalid } from '../http/errors';
import type { MediaQueue } from '../media/media-queue';
import type { LibraryRecord, LibraryRegistry } from '../storage/registry';
import { writeTransaction } from '../storage/write';
import { ImportSuperseded } from './import-batch';
import { failImport, runImport } from './import-job';
import { ImportRegistry, newImportState, readImportState, storeImportSource, writeImportState, type ImportState } from './import-state';
import { libraryNameOf, type LibraryTree } from './library-tree';
import { readRoot } from './read-library';
import { zipTree } from './zip-tree';

export interface ImportsDeps {
  registry: LibraryRegistry;
  open: (record: LibraryRecord) => OpenLibrary;
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
}

export class Imports {
  private readonly running = new Map<string, Promise<ImportState | undefined>>();
  private readonly index: ImportRegistry;
  private readonly openZip: (zip: Blob, fallbackName: string) => Promise<LibraryTree>;

  constructor(private readonly deps: ImportsDeps) {
    this.index = new ImportRegistry(deps.registry.namespace);
    this.openZip = deps.openZip ?? zipTree;
  }

  /** Checks the zip, makes the target library, stores the zip and starts; a bad zip changes nothing. */
  async start(input: StartImport, current: () => Promise<OpenLibrary>): Promise<ImportState> {
    const tree = await this.check(input.zip, input.fileName ?? 'Imported.library');
    const folderName = tree.folderName;
    let library: OpenLibrary;
    try {
      library = input.into === 'new' ? this.deps.open(await this.deps.registry.createUnique(input.name ?? libraryNameOf(folderName))) : await current();
    } catch (error) {
      await tree.close?.();
      throw error;
    }
    const now = this.deps.clock();
    const state = newImportState(
      { id: this.deps.ids(), libraryPath: library.record.path, libraryName: library.record.name, folderName, into: input.into, sourceBytes: input.zip.size },
      now,
    );
    try {
      await writeTransaction(library, now, async () => {
        await storeImportSource(library.db, state.id, input.zip);
        await writeImportState(library.db, state);
      });
      await this.index.add(state.id, library.record.path);
    } catch (error) {
      await tree.close?.();
      throw error;
    }
    this.launch(library, state.id, tree);
    return state;
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
    const { clock, publish } = this.deps;
    const progress = (state: ImportState) => publish(importChange(state));
    const run = runImport(library, id, { clock, openZip: this.openZip, progress }, opened)
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

  /** The zip's tree, checked to hold an Eagle library; a 400 naming the body otherwise. */
  private async check(zip: Blob, fallbackName: string): Promise<LibraryTree> {
    if (zip.size === 0) throw invalid('body: must be a zip of an Eagle library, and it is empty.');
    let tree: LibraryTree;
    try {
      tree = await this.openZip(zip, fallbackName);
    } catch (error) {
      throw invalid(`body: is not a readable zip (${error instanceof Error ? error.message : String(error)}).`);
    }
    const root = await readRoot(tree).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    if (typeof root === 'string') {
      await tree.close?.();
      throw invalid(`body: is not an Eagle library: ${root}.`);
    }
    return tree;
  }

}
