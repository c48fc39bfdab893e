/**
 * Library trees over what a page gets from the browser: a FileSystemDirectoryHandle (directory
 * picker, or a dropped folder's getAsFileSystemHandle), and the flat File list of
 * `<input webkitdirectory>` or of a walked drop (webkitGetAsEntry).
 */
import { FlatTree, joinPath, type LibraryTree, type TreeEntry } from './library-tree';

export function directoryHandleTree(root: FileSystemDirectoryHandle): LibraryTree {
  const dirAt = async (dir: string): Promise<FileSystemDirectoryHandle | undefined> => {
    let handle = root;
    for (const part of dir.split('/').filter(Boolean)) {
      try {
        handle = await handle.getDirectoryHandle(part);
      } catch {
        return undefined;
      }
    }
    return handle;
  };
  return {
    folderName: root.name,
    async list(dir) {
      const handle = await dirAt(dir);
      const out: TreeEntry[] = [];
      if (!handle) return out;
      // entries() is missing from TypeScript's DOM types in some versions.
      for await (const [name, entry] of (handle as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
        out.push({ name, kind: entry.kind });
      }
      return out;
    },
    async read(path) {
      const slash = path.lastIndexOf('/');
      const handle = await dirAt(slash < 0 ? '' : path.slice(0, slash));
      try {
        return handle ? await (await handle.getFileHandle(path.slice(slash + 1))).getFile() : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Files with their path from the picked or dropped folder (`webkitRelativePath`, or a path given). */
export function fileListTree(files: Iterable<{ path: string; file: File }>, fallbackName = 'Imported.library'): LibraryTree {
  const entries = [...files].map(({ path, file }) => [path, file] as [string, File]);
  return new FlatTree(entries, fallbackName, async (file) => file);
}

/** The files of `<input webkitdirectory>`: each knows its path from the picked folder. */
export const inputFilesTree = (files: Iterable<File>) =>
  fileListTree([...files].map((file) => ({ path: file.webkitRelativePath || file.name, file })));

/** Walks a dropped folder (webkitGetAsEntry); readEntries answers in batches until it answers none. */
export async function droppedEntryFiles(entry: FileSystemEntry, dir = ''): Promise<{ path: string; file: File }[]> {
  const path = joinPath(dir, entry.name);
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    return [{ path, file }];
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const out: { path: string; file: File }[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return out;
    for (const child of batch) out.push(...(await droppedEntryFiles(child, path)));
  }
}
