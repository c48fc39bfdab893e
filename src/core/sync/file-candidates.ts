/**
 * Which files the files step (./files-cycle.ts) considers sending, instead of listing every
 * thumbnail and original key each cycle: the items marked by writes since (`sync-files-dirty:<item
 * id>`, by the same item observer as the metadata's dirty set, ./dirty-items.ts: a file is stored
 * or replaced together with its item row), or, the first time for a database (`sync-files-listed`
 * holds the URL once a whole listing went through), every key. Marks are cleared only once a
 * step went through all candidates within its budget, and only those no write changed meanwhile.
 */
import type { LibraryDb } from '../storage/library-db';

export const FILES_DIRTY_PREFIX = 'sync-files-dirty:';
const LISTED_KEY = 'sync-files-listed';

export interface FileCandidates {
  thumbnails: string[];
  originals: string[];
  /** The marks read (key → mark), cleared by `doneWithCandidates`. */
  marks: Map<string, unknown>;
  /** Every key was listed (no complete listing for this database yet). */
  listed: boolean;
}

export async function fileCandidates(db: LibraryDb, url: string): Promise<FileCandidates> {
  const marks = new Map((await db.state.where('key').startsWith(FILES_DIRTY_PREFIX).toArray()).map((row) => [row.key, row.value]));
  if ((await db.state.get(LISTED_KEY))?.value !== url) {
    const [thumbnails, originals] = [await db.thumbnails.toCollection().primaryKeys(), await db.files.toCollection().primaryKeys()];
    return { thumbnails: thumbnails.map(String), originals: originals.map(String), marks, listed: true };
  }
  const ids = [...marks.keys()].map((key) => key.slice(FILES_DIRTY_PREFIX.length));
  const present = async (table: LibraryDb['thumbnails'] | LibraryDb['files']) => (await table.where('id').anyOf(ids).primaryKeys()).map(String);
  return { thumbnails: await present(db.thumbnails), originals: await present(db.files), marks, listed: false };
}

/** After a files step that went through every candidate: the marks it read are done. */
export async function doneWithCandidates(db: LibraryDb, candidates: FileCandidates, url: string): Promise<void> {
  await db.transaction('rw', db.state, async () => {
    const keys = [...candidates.marks.keys()];
    const now = await db.state.bulkGet(keys);
    await db.state.bulkDelete(keys.filter((key, at) => now[at]?.value === candidates.marks.get(key)));
    if (candidates.listed) await db.state.put({ key: LISTED_KEY, value: url });
  });
}

/** Makes an item's files candidates of the next step (a file the server lost while its item lives here). */
export async function markFilesAgain(db: LibraryDb, itemId: string): Promise<void> {
  await db.state.put({ key: FILES_DIRTY_PREFIX + itemId, value: `again.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}` });
}

/** Forgets the marks and the listing (sync/stop): the next start lists every file again. */
export async function forgetFileCandidates(db: LibraryDb): Promise<void> {
  await db.state.where('key').startsWith(FILES_DIRTY_PREFIX).delete();
  await db.state.delete(LISTED_KEY);
}
