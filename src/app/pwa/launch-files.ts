/**
 * "Open with" for the installed app: the system hands the files (the manifest's file_handlers)
 * to window.launchQueue, and they go through the import pipeline like dropped files (progress,
 * failures, retry). Each handle is read by the pipeline as a dropped entry is, so a file that
 * cannot be read shows as a failure instead of stopping the others. Browsers without launchQueue
 * never call it.
 */
import type { DropRoot, FileEntryLike } from '../import/enumerate-files';

/** The part of the File Handling API used here (not yet in TypeScript's DOM types). */
interface LaunchedLike {
  files: readonly FileSystemHandle[];
}
export interface LaunchQueueLike {
  setConsumer(consumer: (params: LaunchedLike) => void): void;
}

const entryOf = (handle: FileSystemFileHandle): FileEntryLike => ({
  isFile: true,
  isDirectory: false,
  name: handle.name,
  fullPath: handle.name,
  file: (success, failure) => void handle.getFile().then(success, failure),
});

/** Sets the consumer; `importRoots` gets the files of each launch that brought any. */
export function consumeLaunchedFiles(importRoots: (roots: DropRoot[]) => void, queue = (window as { launchQueue?: LaunchQueueLike }).launchQueue): boolean {
  if (!queue) return false;
  queue.setConsumer(({ files }) => {
    const roots = files.filter((handle): handle is FileSystemFileHandle => handle.kind === 'file').map((handle) => ({ entry: entryOf(handle) }));
    if (roots.length) importRoots(roots);
  });
  return true;
}
