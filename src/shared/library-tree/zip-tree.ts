/**
 * A library inside a zip, read entry by entry: a store-only zip through its central directory
 * (stored-directory.ts), any other with @zip.js/zip.js. Only the central directory is read up
 * front, each file is inflated when asked for (random access on the Blob, so a zip of many
 * gigabytes never sits in memory); stored entries are slices of the zip itself (storedSlice).
 * Names without the UTF-8 flag are read as UTF-8 when they are valid UTF-8 and as CP437 otherwise
 * (Windows "Send to zip"), zip.js's default. zip.js is a deferred package in the service worker
 * (docs/decisions/eagle-library-zip.md): import it only dynamically.
 */
import { FlatTree, type LibraryTree } from './library-tree';
import { readStoredDirectory, type StoredEntry as DirectoryEntry } from './stored-directory';
import { entryFault, UnreadableEntry } from './unreadable-entry';

export async function zipTree(zip: Blob, fallbackName: string): Promise<LibraryTree> {
  // A store-only zip (the web app's uploads, most zipped libraries) needs no zip.js at all.
  const stored = await readStoredDirectory(zip);
  if (stored) {
    const paths = stored.map((entry) => [entry.directory && !entry.filename.endsWith('/') ? `${entry.filename}/` : entry.filename, entry] as [string, DirectoryEntry]);
    return new FlatTree(
      paths,
      fallbackName,
      async (entry) => {
        if (entry.directory) return new Blob([]);
        const slice = await storedSlice(zip, entry);
        if (!slice) throw new UnreadableEntry(entry.filename, "its local header is not where the zip's directory says");
        return slice;
      },
      undefined,
      (many) => storedRun(zip, many),
    );
  }
  const { ZipReader, BlobReader, BlobWriter, configure } = await import('@zip.js/zip.js');
  // A service worker cannot start workers; stored entries need no codec, deflated ones use the
  // browser's DecompressionStream.
  configure({ useWebWorkers: false });
  const reader = new ZipReader(new BlobReader(zip));
  const entries = await reader.getEntries();
  type Entry = (typeof entries)[number];
  const files = entries.map((entry) => [entry.directory && !entry.filename.endsWith('/') ? `${entry.filename}/` : entry.filename, entry] as [string, Entry]);
  return new FlatTree(
    files,
    fallbackName,
    async (entry) => {
      if (entry.directory || !entry.getData) return new Blob([]);
      const slice = await storedSlice(zip, entry);
      if (slice) return slice;
      try {
        return await entry.getData(new BlobWriter());
      } catch (error) {
        throw entryFault(entry.filename, error);
      }
    },
    () => reader.close(),
    (many) => storedRun(zip, many),
  );
}

const LOCAL_HEADER = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
const STORED = 0;

/**
 * A stored (uncompressed) entry is a plain byte range of the zip: answer a slice of it, which
 * copies nothing and skips zip.js's per-entry stream pipeline (about 7 ms an entry in a busy
 * worker, most of an import's time). Only the local header is read, for its variable lengths.
 * Deflated or encrypted entries answer undefined and go through zip.js.
 */
async function storedSlice(zip: Blob, entry: { offset: number; compressedSize: number; encrypted: boolean }): Promise<Blob | undefined> {
  const method = (entry as { compressionMethod?: number }).compressionMethod;
  if (entry.encrypted || method !== STORED) return undefined;
  const header = new DataView(await zip.slice(entry.offset, entry.offset + LOCAL_HEADER_BYTES).arrayBuffer());
  if (header.byteLength < LOCAL_HEADER_BYTES || header.getUint32(0, true) !== LOCAL_HEADER) return undefined;
  const start = entry.offset + LOCAL_HEADER_BYTES + header.getUint16(26, true) + header.getUint16(28, true);
  return zip.slice(start, start + entry.compressedSize);
}

/** Past this, a batch's entries are not read in one piece. */
const MAX_RUN_BYTES = 128 * 1024 * 1024;
/** Room for local extra fields that differ from the central directory's. */
const SLACK = 64 * 1024;

interface StoredEntry {
  offset: number;
  compressedSize: number;
  encrypted: boolean;
  rawFilename: Uint8Array;
  rawExtraField: Uint8Array;
}

/**
 * Stored entries that sit close together in the zip (an import batch's item folders, written one
 * after the other) are read with one read of their byte range: one trip to the disk instead of a
 * few per file. Entries it cannot place are left to the per-file read.
 */
async function storedRun<E extends StoredEntry>(zip: Blob, entries: readonly E[]): Promise<Map<E, Uint8Array>> {
  const out = new Map<E, Uint8Array>();
  const stored = entries.filter((e) => !e.encrypted && (e as { compressionMethod?: number }).compressionMethod === STORED);
  if (stored.length === 0) return out;
  const end = (e: E) => e.offset + LOCAL_HEADER_BYTES + e.rawFilename.length + e.rawExtraField.length + e.compressedSize;
  const lo = Math.min(...stored.map((e) => e.offset));
  const hi = Math.min(zip.size, Math.max(...stored.map(end)) + SLACK);
  const needed = stored.reduce((sum, e) => sum + end(e) - e.offset, 0);
  if (hi - lo > Math.max(2 * needed, needed + 4 * SLACK) || hi - lo > MAX_RUN_BYTES) return out;
  const run = new Uint8Array(await zip.slice(lo, hi).arrayBuffer());
  const view = new DataView(run.buffer);
  for (const entry of stored) {
    const at = entry.offset - lo;
    if (at + LOCAL_HEADER_BYTES > run.length || view.getUint32(at, true) !== LOCAL_HEADER) continue;
    const start = at + LOCAL_HEADER_BYTES + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    if (start + entry.compressedSize <= run.length) out.set(entry, run.subarray(start, start + entry.compressedSize));
  }
  return out;
}
