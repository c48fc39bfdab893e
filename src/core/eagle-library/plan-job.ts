/**
 * Runs an import of another tool's export from where its stored progress says: the plan is read
 * again from the stored source (import-plan.ts), the folders are made in the first step, then the
 * items in batches, each a transaction with the progress (a stopped worker resumes after the last).
 */
import { decodeBookmarkBytes } from '../../shared/decode-bookmark-bytes';
import type { OpenLibrary } from '../context';
import { fillStoredHashes } from '../items/duplicates';
import { sniffFile, SNIFF_BYTES } from '../images/image-info';
import { mimeForExt, splitFileName } from '../images/mime';
import { contentHash, HASH_SLICE } from '../shared/content-hash';
import type { FolderRow } from '../storage/rows';
import { writeTransaction } from '../storage/write';
import { bookmarksPlan } from './bookmarks-plan';
import type { ImportPlan, PlannedItem } from './import-plan';
import { dropImportSource, readImportSource, readImportState, writeImportState, type ImportState } from './import-state';
import type { LibraryTree } from './library-tree';
import { importPlanBatch, type ReadPlanned } from './plan-batch';
import { takeoutPlan, takeoutRoot } from './takeout-plan';

const BATCH_ITEMS = 500;
const BATCH_BYTES = 64 * 1024 * 1024;

export interface PlanJobDeps {
  clock: () => number;
  ids: () => string;
  openZip: (zip: Blob, fallbackName: string) => Promise<LibraryTree>;
  progress: (state: ImportState) => void;
}

/** The plan of a stored source, and the zip it reads files from (a Takeout). */
export async function openPlan(source: Blob, state: Pick<ImportState, 'format' | 'folderName'>, openZip: PlanJobDeps['openZip']): Promise<{ plan: ImportPlan; tree?: LibraryTree }> {
  if (state.format === 'bookmarks') return { plan: bookmarksPlan(decodeBookmarkBytes(new Uint8Array(await source.arrayBuffer()))) };
  const tree = await openZip(source, state.folderName);
  const root = await takeoutRoot(tree);
  if (!root) {
    await tree.close?.();
    throw new Error('The zip holds no "Google Photos" folder.');
  }
  return { plan: await takeoutPlan(tree, root), tree };
}

export async function runPlanImport(library: OpenLibrary, id: string, deps: PlanJobDeps): Promise<ImportState> {
  const { db } = library;
  let state = (await readImportState(db, id))!;
  const source = await readImportSource(db, id);
  if (!source) throw new Error('The file of this import is no longer stored.');
  const { plan, tree } = await openPlan(source, state, deps.openZip);
  try {
    if (!state.rootDone) {
      const now = deps.clock();
      const folderIds: Record<string, string> = {};
      const rows: FolderRow[] = plan.folders.map((folder, i) => {
        folderIds[folder.key] = deps.ids();
        return { id: folderIds[folder.key]!, name: folder.name, description: folder.description, parent: folder.parentKey === null ? null : folderIds[folder.parentKey]!, tags: [], iconColor: '', modificationTime: now, createdAt: now + i, imageCount: 0 };
      });
      state = { ...state, rootDone: true, folderIds, total: plan.items.length, broken: plan.skipped, updatedAt: now };
      const next = state;
      await writeTransaction(library, now, async () => {
        await db.folders.bulkAdd(rows);
        await writeImportState(db, next);
      });
      deps.progress(state);
    }
    while (state.done < plan.items.length) {
      const batch = await readBatch(tree, plan.items, state.done);
      const sizes = [...new Set(batch.flatMap((entry) => (entry.ok && entry.file ? [entry.file.blob.size] : [])))];
      if (sizes.length) await fillStoredHashes(db, sizes);
      const ids = batch.map(() => deps.ids()).sort();
      const now = deps.clock();
      const before = state;
      state = await writeTransaction(library, now, () => importPlanBatch(db, library.pipeline.observers, before, batch, ids, now));
      deps.progress(state);
    }
    const now = deps.clock();
    const finished: ImportState = { ...state, status: 'done', finishedAt: now, updatedAt: now };
    await writeTransaction(library, now, async () => {
      await writeImportState(db, finished);
      await dropImportSource(db, id);
    });
    return finished;
  } finally {
    await tree?.close?.();
  }
}

/** Files read from the zip at once. */
const READ_AT_ONCE = 16;

async function readBatch(tree: LibraryTree | undefined, items: readonly PlannedItem[], start: number): Promise<ReadPlanned[]> {
  const out: ReadPlanned[] = [];
  let bytes = 0;
  for (let at = start; at < items.length && out.length < BATCH_ITEMS && bytes < BATCH_BYTES; at += READ_AT_ONCE) {
    const chunk = items.slice(at, Math.min(at + READ_AT_ONCE, start + BATCH_ITEMS, items.length));
    const read = await Promise.all(chunk.map((item) => readPlanned(tree, item)));
    for (const entry of read) if (entry.ok && entry.file) bytes += entry.file.blob.size;
    out.push(...read);
  }
  return out;
}

async function readPlanned(tree: LibraryTree | undefined, item: PlannedItem): Promise<ReadPlanned> {
  if (!item.path) return { ok: true, item };
  const blob = await tree?.read(item.path);
  if (!blob || blob.size === 0) return { ok: false, item, reason: 'the file is missing or empty in the zip' };
  // A small file is read once for both the sniff and the hash.
  const whole = blob.size <= HASH_SLICE ? new Uint8Array(await blob.arrayBuffer()) : undefined;
  const sniffed = sniffFile(whole ? whole.subarray(0, SNIFF_BYTES) : new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()));
  const ext = sniffed?.ext ?? splitFileName(item.path.split('/').pop()!).ext.toLowerCase();
  const mime = sniffed?.mime ?? mimeForExt(ext);
  return { ok: true, item, file: { blob: new Blob([blob], { type: mime }), sha256: await contentHash(whole ? new Blob([whole]) : blob), mime, ext, width: sniffed?.width ?? 0, height: sniffed?.height ?? 0 } };
}
