/**
 * Where a published library goes from the page: into a picked folder (only the files it does not
 * hold yet: every name but manifest.json carries its hash) or a zip download.
 */
import { writeTreeToDirectory } from '../../shared/library-tree/write-directory';
import { zipTree } from '../../shared/library-tree/zip-tree';
import type { LibraryTree } from '../../shared/library-tree/library-tree';

/** The tree with manifest.json listed last at its root. */
const manifestLast = (tree: LibraryTree): LibraryTree => ({
  folderName: tree.folderName,
  read: (path) => tree.read(path),
  list: async (dir) => {
    const entries = await tree.list(dir);
    return dir === '' ? [...entries.filter((entry) => entry.name !== 'manifest.json'), ...entries.filter((entry) => entry.name === 'manifest.json')] : entries;
  },
});

/** The published library's files already in `dir` ("shards/items-….json"), to leave out of the zip. */
export async function filesIn(dir: FileSystemDirectoryHandle, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
    if (handle.kind === 'directory') out.push(...(await filesIn(handle as FileSystemDirectoryHandle, `${prefix}${name}/`)));
    else if (name !== 'manifest.json') out.push(`${prefix}${name}`);
  }
  return out;
}

/**
 * Writes every file of the worker's zip into `dir`; answers how many. manifest.json goes last, so
 * a write cut off half-way leaves the previous version whole for visitors.
 */
export async function writeZipToFolder(zip: Blob, dir: FileSystemDirectoryHandle, onFiles: (files: number) => void = () => {}): Promise<number> {
  const tree = await zipTree(zip, 'published');
  try {
    return (await writeTreeToDirectory(manifestLast(tree), dir, (progress) => onFiles(progress.files))).files;
  } finally {
    await tree.close?.();
  }
}

export function downloadZip(zip: Blob, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(zip);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

export const canPublishToFolder = () => 'showDirectoryPicker' in window;

/** Asks for a folder (a click handler); undefined when cancelled. */
export async function pickFolder(): Promise<FileSystemDirectoryHandle | undefined> {
  const picker = (window as unknown as { showDirectoryPicker: (o: object) => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker;
  try {
    return await picker({ id: 'publish', mode: 'readwrite' });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') return undefined;
    throw error;
  }
}
