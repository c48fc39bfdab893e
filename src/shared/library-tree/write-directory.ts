/**
 * "Export to folder": copies a library tree (e.g. the export zip read back with zipTree) into a
 * directory the user picked, so Eagle can open it in place. Chromium only (File System Access).
 */
import { joinPath, type LibraryTree } from './library-tree';

export interface CopyProgress {
  files: number;
  bytes: number;
}

export async function writeTreeToDirectory(
  tree: LibraryTree,
  target: FileSystemDirectoryHandle,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<CopyProgress> {
  const progress: CopyProgress = { files: 0, bytes: 0 };
  const copy = async (dir: string, into: FileSystemDirectoryHandle): Promise<void> => {
    for (const entry of await tree.list(dir)) {
      const path = joinPath(dir, entry.name);
      if (entry.kind === 'directory') {
        await copy(path, await into.getDirectoryHandle(entry.name, { create: true }));
        continue;
      }
      const blob = await tree.read(path);
      if (!blob) continue;
      const writable = await (await into.getFileHandle(entry.name, { create: true })).createWritable();
      await blob.stream().pipeTo(writable);
      progress.files += 1;
      progress.bytes += blob.size;
      onProgress({ ...progress });
    }
  };
  await copy('', target);
  return progress;
}
