/**
 * The resolved selection in `state` rows: a header under SELECTION_KEY ({version, total, generation})
 * and the ids in chunks of SELECTION_CHUNK under `selection:<generation>:<n>`. A page of
 * item/selection reads only the chunks it spans, so its cost does not grow with the selection.
 * A new selection writes its chunks under a new generation a slice of transactions at a time, then
 * flips the header in one transaction that also drops every other generation's chunks: a worker
 * stopped mid-resolve leaves the old selection whole (and orphan chunks the next flip drops).
 * A header that is an array is a selection stored before chunks (one row of ids).
 */
import type { LibraryDb } from '../storage/library-db';

/** Where item/select keeps the web app's selection (its header row), which `isSelected` reads. */
export const SELECTION_KEY = 'selection';

/** Ids a chunk row: about 20 KB, so a page of 1,000 reads one or two rows. */
export const SELECTION_CHUNK = 1_000;
/** Chunks written per transaction while resolving: a million ids is 100 short transactions, not one huge one. */
const CHUNKS_PER_WRITE = 10;

export interface SelectionHeader {
  version: number;
  total: number;
  generation: string;
}

const PREFIX = `${SELECTION_KEY}:`;
const chunkKey = (generation: string, chunk: number) => `${PREFIX}${generation}:${chunk}`;

/** The header, or a legacy array row as its ids (old libraries), or null when nothing was ever selected. */
async function readRow(db: LibraryDb): Promise<SelectionHeader | string[] | null> {
  const value = (await db.state.get(SELECTION_KEY))?.value as SelectionHeader | string[] | undefined;
  return value ?? null;
}

export async function selectionHeader(db: LibraryDb): Promise<{ version: number; total: number }> {
  const row = await readRow(db);
  if (!row) return { version: 0, total: 0 };
  return Array.isArray(row) ? { version: 0, total: row.length } : { version: row.version, total: row.total };
}

/** Ids offset..offset+limit-1 of the selection, reading only the chunks that hold them. */
export async function selectionSlice(db: LibraryDb, offset: number, limit: number): Promise<{ ids: string[]; total: number; version: number }> {
  const row = await readRow(db);
  if (!row) return { ids: [], total: 0, version: 0 };
  if (Array.isArray(row)) return { ids: row.slice(offset, offset + limit), total: row.length, version: 0 };
  const end = Math.min(row.total, offset + limit);
  if (offset >= end) return { ids: [], total: row.total, version: row.version };
  const first = Math.floor(offset / SELECTION_CHUNK);
  const last = Math.floor((end - 1) / SELECTION_CHUNK);
  const keys = Array.from({ length: last - first + 1 }, (_, at) => chunkKey(row.generation, first + at));
  const chunks = await db.state.bulkGet(keys);
  const ids = chunks.flatMap((chunk) => (chunk?.value as string[] | undefined) ?? []);
  const start = offset - first * SELECTION_CHUNK;
  return { ids: ids.slice(start, start + end - offset), total: row.total, version: row.version };
}

/** Every selected id (item/get's `isSelected` lists them all). */
export async function allSelected(db: LibraryDb): Promise<string[]> {
  const { total } = await selectionHeader(db);
  return total ? (await selectionSlice(db, 0, total)).ids : [];
}

/** Stores `ids` as the selection; resolves with the new header once it is the one readers see. */
export async function writeSelection(db: LibraryDb, ids: readonly string[]): Promise<SelectionHeader> {
  const generation = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  const rows: { key: string; value: string[] }[] = [];
  for (let at = 0, chunk = 0; at < ids.length; at += SELECTION_CHUNK, chunk++) rows.push({ key: chunkKey(generation, chunk), value: ids.slice(at, at + SELECTION_CHUNK) });
  for (let at = 0; at < rows.length; at += CHUNKS_PER_WRITE) await db.state.bulkPut(rows.slice(at, at + CHUNKS_PER_WRITE));
  return db.transaction('rw', db.state, async () => {
    // Another tab's flip in between dropped our chunks as orphans: they are written again here.
    const mine = `${PREFIX}${generation}:`;
    const have = new Set(await db.state.where('key').between(mine, `${mine}\uffff`).primaryKeys());
    const missing = rows.filter((row) => !have.has(row.key));
    if (missing.length) await db.state.bulkPut(missing);
    const header: SelectionHeader = { version: (await selectionHeader(db)).version + 1, total: ids.length, generation };
    await db.state.put({ key: SELECTION_KEY, value: header });
    await db.state.where('key').between(PREFIX, mine).delete();
    await db.state.where('key').between(`${mine}\uffff`, `${PREFIX}\uffff`, true, true).delete();
    return header;
  });
}
