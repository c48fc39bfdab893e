/**
 * Runs an import from where its stored progress says, batch by batch: the root first, then the
 * item folders in name order, then the tags. Every step is a transaction that also records the
 * progress, so a worker stopped at any moment resumes after the last committed batch.
 */
import type { OpenLibrary } from '../context';
import { writeTransaction } from '../storage/write';
import { importBatch } from './import-batch';
import { importTags } from './import-finish';
import { importRoot } from './import-root';
import { runPlanImport } from './plan-job';
import { dropImportSource, readImportSource, readImportState, writeImportState, type ImportState } from './import-state';
import type { LibraryTree } from './library-tree';
import { itemFolderNames, readItemFolder, readRoot, type ItemFolder } from './read-library';

/** A batch ends at this many item folders or this many bytes, whichever comes first. */
export const BATCH_ITEMS = 500;
export const BATCH_BYTES = 64 * 1024 * 1024;
/** Item folders read from the zip at once (one read of their bytes). */
const READ_AHEAD = 64;

export interface ImportJobDeps {
  clock: () => number;
  /** New ids (other tools' exports bring none of their own). */
  ids: () => string;
  openZip: (zip: Blob, fallbackName: string) => Promise<LibraryTree>;
  /** Told after every committed step. */
  progress: (state: ImportState) => void;
}

/** `opened`: the zip's tree when the caller has it open already (a fresh start); it is closed here. */
export async function runImport(library: OpenLibrary, id: string, deps: ImportJobDeps, opened?: LibraryTree): Promise<ImportState> {
  const { db } = library;
  const stored = await readImportState(db, id);
  if (!stored) throw new Error(`No import ${id} in ${library.record.path}.`);
  let state: ImportState = stored;
  if (state.status !== 'running') {
    await opened?.close?.();
    return state;
  }
  if (state.format && state.format !== 'eagle') {
    await opened?.close?.();
    return runPlanImport(library, id, deps);
  }
  const zip = opened ? undefined : await readImportSource(db, id);
  if (!opened && !zip) throw new Error('The zip of this import is no longer stored.');
  const tree = opened ?? (await deps.openZip(zip!, state.folderName));
  try {
    const root = await readRoot(tree);
    if (typeof root === 'string') throw new Error(root);
    const folders = await itemFolderNames(tree);
    if (!state.rootDone) {
      const now = deps.clock();
      state = { ...state, rootDone: true, total: folders.length, updatedAt: now };
      const next = state;
      await writeTransaction(library, now, async () => {
        await importRoot(db, root, now);
        await writeImportState(db, next);
      });
      deps.progress(state);
    }
    // The next batch is read from the zip while the current one is written.
    let reading = state.done < folders.length ? readBatch(tree, folders, state.done) : undefined;
    while (reading) {
      const batch = await reading;
      const readTo = state.done + batch.length;
      reading = readTo < folders.length ? readBatch(tree, folders, readTo) : undefined;
      reading?.catch(() => {}); // awaited next round; a failed write must not leave it unhandled
      const now = deps.clock();
      const before: ImportState = state;
      state = await writeTransaction(library, now, () => importBatch(db, library.pipeline.observers, before, batch, now));
      deps.progress(state);
    }
    const now = deps.clock();
    const finished: ImportState = { ...state, status: 'done', finishedAt: now, updatedAt: now };
    await writeTransaction(library, now, async () => {
      await importTags(db, finished, root, now);
      await writeImportState(db, finished);
      await dropImportSource(db, id);
    });
    return finished;
  } finally {
    await tree.close?.();
  }
}

/** Reads item folders from `start` until the batch is full, a few at a time. */
async function readBatch(tree: LibraryTree, folders: readonly string[], start: number): Promise<ItemFolder[]> {
  const out: ItemFolder[] = [];
  let bytes = 0;
  let at = start;
  while (at < folders.length && out.length < BATCH_ITEMS && bytes < BATCH_BYTES) {
    const slice = folders.slice(at, Math.min(at + READ_AHEAD, start + BATCH_ITEMS, folders.length));
    await tree.prefetch?.(slice.map((folder) => `images/${folder}`));
    const read = await Promise.all(slice.map((folder) => readItemFolder(tree, folder)));
    for (const folder of read) bytes += folder.ok ? folder.bytes : 0;
    out.push(...read);
    at += slice.length;
  }
  return out;
}

/** Records why an import stopped for good. */
export async function failImport(library: OpenLibrary, id: string, error: unknown, now: number): Promise<ImportState | undefined> {
  const state = await readImportState(library.db, id);
  if (!state || state.status !== 'running') return state;
  const failed: ImportState = { ...state, status: 'failed', finishedAt: now, updatedAt: now, error: error instanceof Error ? error.message : String(error) };
  await library.db.transaction('rw', library.db.state, async () => {
    await writeImportState(library.db, failed);
    await dropImportSource(library.db, id);
  });
  return failed;
}
