/**
 * A library inside a zip, read entry by entry with @zip.js/zip.js: only the central directory is
 * read up front, each file is inflated when asked for (random access on the Blob, so a zip of many
 * gigabytes never sits in memory). Names without the UTF-8 flag are read as UTF-8 when they are
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
      return entry.getData(new BlobWriter());
    },
    () => reader.close(),
  );
}
