/**
 * A library inside a zip, read entry by entry with @zip.js/zip.js: only the central directory is
 * read up front, each file is inflated when asked for (random access on the Blob, so a zip of many
 * gigabytes never sits in memory); stored entries are slices of the zip itself (storedSlice). Names without the UTF-8 flag are read as UTF-8 when they are
 * valid UTF-8 and as CP437 otherwise (Windows "Send to zip"), zip.js's default. zip.js is a deferred package in the service worker
 * (docs/decisions/eagle-library-zip.md): import it only dynamically.
 */
import { FlatTree, type LibraryTree } from './library-tree';

export async function zipTree(zip: Blob, fallbackName: string): Promise<LibraryTree> {
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
      return (await storedSlice(zip, entry)) ?? entry.getData(new BlobWriter());
    },
    () => reader.close(),
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
