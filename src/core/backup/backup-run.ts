/**
 * Keeps a folder an Eagle library of one library (the export's format, export-entries.ts) by
 * writing only what changed since the last run. A run reads the items the library's change log
 * names since the last one, or every item now and then (backup-pass.ts). Each item's files are
 * compared by a fingerprint kept in the backup's database (backup-db.ts), stored a page at a time
 * once its items' files are written, with the key the run goes on after: a run stopped anywhere
 * resumes from there, and at most the page in flight is written again. Items gone from the library are removed from the
 * folder; the root files (folders, smart folders, tag groups, tags, mtime.json) are written last,
 * when their text changed, from the fingerprints (no second read of every item). Takes any FileSystemDirectoryHandle: a picked folder
 * or the origin-private file system.
 */
import type { OpenLibrary } from '../context';
import { num } from '../eagle-library/eagle-json';
import { itemEntries, notIncludedEntry, notIncludedLine, readItemPage, readItemsById, rootEntries, type ExportEntry, type ExportItem } from '../eagle-library/export-entries';
import { eagleItemRecord } from '../eagle-library/item-record';
import { BackupDb, readOutcome, writeOutcome, type BackedUpItem, type BackupOutcome } from './backup-db';
import { LEASE_MS, releaseLease, takeLease } from './backup-lease';
import { idsLeft, startPass, type BackupPass } from './backup-pass';
import { problemOf } from './backup-problem';
import { textHash } from './fingerprint';
import { checkFolder, removeEntry, writeFile, type WriteCount } from './folder-files';

export interface BackupOptions {
  clock: () => number;
  /** Who runs it (one id per tab or worker start): the lease's owner. */
  owner: string;
  /** Stop after writing this many items (a slice of a long first backup); the next run goes on. */
  maxItems?: number;
}

export type BackupRunStatus = 'done' | 'partial' | 'busy' | 'failed';

export interface BackupRun extends WriteCount {
  status: BackupRunStatus;
  /** Items whose files were written in this run. */
  items: number;
  outcome: BackupOutcome;
}

const PAGE = 100;
/** Items written at once: a file write's latency (a swap file made, then renamed) overlaps with the others'. */
export const WRITERS = 16;

/** Runs `run` over `work` in `lanes` lanes; after a failure no lane starts more, and it throws once all stopped. */
async function inParallel<T>(work: readonly T[], lanes: number, run: (one: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < work.length) {
      try {
        await run(work[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const ended = await Promise.allSettled(Array.from({ length: Math.min(lanes, work.length) }, lane));
  const failure = ended.find((end): end is PromiseRejectedResult => end.status === 'rejected');
  if (failure) throw failure.reason;
}

/** The item's entries and what the folder must then hold, keyed like BackedUpItem. */
function planItem(item: ExportItem) {
  const { row } = item;
  const record = eagleItemRecord(row, item.comments);
  const entries = [...itemEntries(row, record, item.file, item.thumbnail)].filter((e) => e.data !== undefined);
  const files: Record<string, string> = {};
  let meta = '';
  for (const entry of entries) {
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
    if (name === 'metadata.json') meta = textHash(entry.data as string);
    else files[name] = fileKey(entry.data!, name === nameOfOriginal(entries) ? item.sha256 : undefined);
  }
  const kept: BackedUpItem = { id: row.id, meta, files, pk: row.pk, mtime: num(record.lastModified, row.modificationTime) };
  if (row.linked) Object.assign(kept, { linked: notIncludedLine(row), linkedAt: row.modificationTime });
  return { record, entries, kept };
}

const nameOfOriginal = (entries: readonly ExportEntry[]) => entries.find((e) => !e.path.endsWith('_thumbnail.png') && !e.path.endsWith('/metadata.json'))?.path.split('/').pop();

/** A file's identity without reading it: its content hash where stored, else its size (and text's hash). */
function fileKey(data: Blob | string, sha256: string | undefined): string {
  if (typeof data === 'string') return `t:${textHash(data)}`;
  return sha256 ? `h:${sha256}` : `s:${data.size}:${data.type}`;
}

export async function backUpLibrary(library: OpenLibrary, folder: FileSystemDirectoryHandle, options: BackupOptions): Promise<BackupRun> {
  const db = new BackupDb(library.db.name);
  const count: WriteCount = { files: 0, bytes: 0, removed: 0 };
  const run = (status: BackupRunStatus, items: number, outcome: BackupOutcome): BackupRun => ({ status, items, outcome, ...count });
  try {
    if (!(await takeLease(db, options.owner, options.clock()))) return run('busy', 0, await readOutcome(db));
    try {
      await forgetOtherFolder(db, folder);
      return await writeChanges(library, db, folder, options, count, run);
    } catch (error) {
      const problem = { reason: problemOf(error), message: error instanceof Error ? error.message : String(error), at: options.clock() };
      return run('failed', 0, await writeOutcome(db, { problem, folderName: folder.name }));
    } finally {
      await releaseLease(db, options.owner);
    }
  } finally {
    db.close();
  }
}

async function writeChanges(
  library: OpenLibrary,
  db: BackupDb,
  folder: FileSystemDirectoryHandle,
  options: BackupOptions,
  count: WriteCount,
  run: (status: BackupRunStatus, items: number, outcome: BackupOutcome) => BackupRun,
): Promise<BackupRun> {
  await checkFolder(folder);
  const images = await folder.getDirectoryHandle('images', { create: true });
  let written = 0;
  let leaseTaken = options.clock();
  // A run sliced by maxItems goes on with the pass the last slice stopped in: slices cost the library once, not once each.
  let pass = await startPass(library.db, db, options.clock());
  const ids = pass.kind === 'changed' ? await idsLeft(library.db, pass) : undefined;
  if (pass.kind === 'changed' && !ids) pass = { kind: 'all', after: '', upTo: pass.upTo };
  for (;;) {
    const { page, gone, next } = await readNext(library, pass, ids);
    if (next === undefined) break;
    // Renewed well before it expires, not every page: a write transaction each page cost more than the page's reads.
    if (options.clock() - leaseTaken > LEASE_MS / 4) {
      if (!(await takeLease(db, options.owner, options.clock()))) return run('busy', written, await readOutcome(db));
      leaseTaken = options.clock();
    }
    const held = await db.items.bulkGet(page.map((item) => item.row.id));
    const changed: { plan: ReturnType<typeof planItem>; before: BackedUpItem | undefined }[] = [];
    const done: BackedUpItem[] = [];
    for (const [i, item] of page.entries()) {
      const plan = planItem(item);
      const before = held[i];
      if (!before || before.meta !== plan.kept.meta || !sameFiles(before.files, plan.kept.files)) changed.push({ plan, before });
      else if (before.pk !== plan.kept.pk || before.mtime !== plan.kept.mtime || before.linked !== plan.kept.linked || before.linkedAt !== plan.kept.linkedAt) done.push(plan.kept);
    }
    const budget = options.maxItems === undefined ? changed.length : Math.max(0, options.maxItems - written);
    let whole = false;
    let removed: string[] = [];
    try {
      await inParallel(changed.slice(0, budget), WRITERS, async ({ plan, before }) => {
        await writeItem(images, plan.kept.id, plan, before, count);
        done.push(plan.kept);
      });
      whole = changed.length <= budget;
      if (whole) removed = await removeItems(db, images, gone, count);
    } finally {
      // One transaction a page, not one an item; items written before a failure are kept too, so a retry skips them.
      // A page cut by the budget or a failure is read again next time: what it wrote is remembered and skipped.
      // A page with nothing to remember costs no write: a killed worker then re-reads a few unchanged pages.
      if (done.length || removed.length || !whole) await remember(db, done, removed, whole ? { ...pass, after: next } : pass);
    }
    written += Math.min(budget, changed.length);
    if (!whole) return run('partial', written, await readOutcome(db));
    pass = { ...pass, after: next };
  }
  const kept = pass.kind === 'all' ? await removeGone(library, db, images, count) : await heldInOrder(db);
  await writeRoot(library, db, folder, kept, count);
  const outcome = await db.transaction('rw', db.state, async () => {
    await db.state.delete('pass');
    // The folder now holds every change up to the head the pass noted; later ones are the next run's.
    if (pass.upTo === undefined) await db.state.delete('seq');
    else await db.state.put({ key: 'seq', value: pass.upTo });
    if (pass.kind === 'all') await db.state.put({ key: 'fullAt', value: options.clock() });
    return writeOutcome(db, { lastBackupAt: options.clock(), problem: undefined, folderName: folder.name, items: kept.length });
  });
  return run('done', written, outcome);
}

/**
 * The pass's next page: the items to compare, the ids of changed items the library no longer
 * holds, and the key the pass goes on after (undefined: the pass is over).
 */
async function readNext(library: OpenLibrary, pass: BackupPass, ids: readonly string[] | undefined): Promise<{ page: ExportItem[]; gone: string[]; next?: string }> {
  if (pass.kind === 'all') {
    const page = await readItemPage(library.db, pass.after, PAGE);
    return { page, gone: [], next: page.at(-1)?.row.pk };
  }
  const from = ids!.findIndex((id) => id > pass.after);
  const chunk = from < 0 ? [] : ids!.slice(from, from + PAGE);
  if (chunk.length === 0) return { page: [], gone: [] };
  const page = await readItemsById(library.db, chunk);
  const found = new Set(page.map((item) => item.row.id));
  return { page, gone: chunk.filter((id) => !found.has(id)), next: chunk.at(-1) };
}

/** Stores the page's fingerprints, forgets the removed items', and notes where the pass goes on, together. */
async function remember(db: BackupDb, done: readonly BackedUpItem[], removed: readonly string[], pass: BackupPass): Promise<void> {
  await db.transaction('rw', db.items, db.state, async () => {
    if (done.length) await db.items.bulkPut([...done]);
    if (removed.length) await db.items.bulkDelete([...removed]);
    await db.state.put({ key: 'pass', value: pass });
  });
}

/** Removes the folders of changed items the library no longer holds; answers the ids whose fingerprints to forget. */
async function removeItems(db: BackupDb, images: FileSystemDirectoryHandle, gone: readonly string[], count: WriteCount): Promise<string[]> {
  if (gone.length === 0) return [];
  const held = (await db.items.bulkGet([...gone])).filter((item): item is BackedUpItem => item !== undefined);
  for (const item of held) await removeEntry(images, `${item.id}.info`, count);
  return held.map((item) => item.id);
}

/** What the folder keeps, in the library's order, from the fingerprints alone (a pass over changed items read no other item). */
async function heldInOrder(db: BackupDb): Promise<BackedUpItem[]> {
  return (await db.items.toArray()).sort(byKey);
}

// Key order as IndexedDB sorts strings (UTF-16 code units), the order the export reads items in.
const byKey = (a: BackedUpItem, b: BackedUpItem) => (a.pk! < b.pk! ? -1 : a.pk! > b.pk! ? 1 : 0);

/** A different folder than last time holds none of this library yet: start it from scratch. */
async function forgetOtherFolder(db: BackupDb, folder: FileSystemDirectoryHandle): Promise<void> {
  const last = (await db.state.get('folder'))?.value as FileSystemDirectoryHandle | undefined;
  // A handle stored where no handle type exists (node tests' fakes) comes back without its methods: its name decides.
  if (last && (typeof last.isSameEntry === 'function' ? await last.isSameEntry(folder) : last.name === folder.name)) return;
  await db.transaction('rw', db.items, db.state, async () => {
    await db.items.clear();
    await db.state.bulkDelete(['root', 'pass', 'seq', 'fullAt']);
    await db.state.put({ key: 'folder', value: folder });
  });
}

const sameFiles = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, key]) => b[name] === key);

/** Writes the item's changed files, metadata.json last (as Eagle does), and removes files it no longer has. */
async function writeItem(images: FileSystemDirectoryHandle, id: string, plan: ReturnType<typeof planItem>, before: BackedUpItem | undefined, count: WriteCount) {
  const dir = await images.getDirectoryHandle(`${id}.info`, { create: true });
  for (const entry of plan.entries) {
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
    if (name === 'metadata.json') continue;
    if (before && before.files[name] === plan.kept.files[name]) continue;
    await writeFile(dir, name, entry.data!, count);
  }
  for (const name of Object.keys(before?.files ?? {})) if (!(name in plan.kept.files)) await removeEntry(dir, name, count);
  const meta = plan.entries.find((entry) => entry.path.endsWith('/metadata.json'))!;
  await writeFile(dir, 'metadata.json', meta.data!, count);
}

/**
 * Items the folder holds that the library no longer has (removed for good): their folders go. The
 * library's keys only are read (no rows). Answers what the folder keeps, in the library's order.
 */
async function removeGone(library: OpenLibrary, db: BackupDb, images: FileSystemDirectoryHandle, count: WriteCount): Promise<BackedUpItem[]> {
  const [present, held] = await Promise.all([library.db.items.toCollection().primaryKeys(), db.items.toArray()]);
  const keys = new Set(present);
  const kept: BackedUpItem[] = [];
  for (const item of held) {
    if (item.pk !== undefined && keys.has(item.pk)) {
      kept.push(item);
      continue;
    }
    await removeEntry(images, `${item.id}.info`, count);
    await db.items.delete(item.id);
  }
  return kept.sort(byKey);
}

async function writeRoot(library: OpenLibrary, db: BackupDb, folder: FileSystemDirectoryHandle, kept: readonly BackedUpItem[], count: WriteCount) {
  const mtimes = kept.map((item): [string, number] => [item.id, item.mtime ?? 0]);
  const linked = kept.filter((item) => item.linked !== undefined);
  const notIncluded = linked.map((item) => item.linked!);
  const notIncludedTime = linked.reduce((latest, item) => Math.max(latest, item.linkedAt ?? 0), 0);
  const hashes = ((await db.state.get('root'))?.value as Record<string, string> | undefined) ?? {};
  const next: Record<string, string> = {};
  const entries: ExportEntry[] = [];
  for await (const entry of rootEntries(library, mtimes)) entries.push(entry);
  if (notIncluded.length) entries.push(notIncludedEntry(notIncluded, notIncludedTime));
  for (const entry of entries) {
    if (entry.path.endsWith('/')) {
      await folder.getDirectoryHandle(entry.path.slice(0, -1), { create: true });
      continue;
    }
    const hash = textHash(entry.data as string);
    next[entry.path] = hash;
    if (hashes[entry.path] !== hash) await writeFile(folder, entry.path, entry.data!, count);
  }
  if (hashes['not-included.txt'] && !next['not-included.txt']) await removeEntry(folder, 'not-included.txt', count);
  await db.state.put({ key: 'root', value: next });
}
