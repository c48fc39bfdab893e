/**
 * Gives a library back in Eagle's format: a zip download (GET library/export, streamed by the
 * service worker), or "export to folder" where the browser has directory pickers: the same zip is
 * read back and its tree written into `<Name>.library/` inside the picked directory.
 */
import { apiUrl, LIBRARY_HEADER } from '../api-client';
import { writeTreeToDirectory, type CopyProgress } from '../../shared/library-tree/write-directory';
import { zipTree } from '../../shared/library-tree/zip-tree';

/**
 * Starts the zip download of the current library (a link cannot name another: no headers). A plain
 * navigation, not `<a download>`: Chromium sends download-attribute requests past the service
 * worker (to the network, which has no API), while a navigation reaches it, and its answer's
 * `Content-Disposition: attachment` turns into a download without leaving the page.
 */
export function downloadLibraryZip(): void {
  const link = document.createElement('a');
  link.href = apiUrl('/library/export');
  link.click();
}

export const canExportToFolder = () => 'showDirectoryPicker' in window;

/** Writes the library's export into `<Name>.library/` inside `target`; answers the folder's name. */
export async function exportLibraryToDirectory(
  target: FileSystemDirectoryHandle,
  options: { library?: string; onProgress?: (progress: CopyProgress) => void } = {},
): Promise<{ folderName: string } & CopyProgress> {
  const response = await fetch(apiUrl('/library/export'), { headers: options.library ? { [LIBRARY_HEADER]: options.library } : {} });
  if (!response.ok) throw new Error(`The export failed (${response.status}).`);
  const tree = await zipTree(await response.blob(), 'Library.library');
  const folder = await target.getDirectoryHandle(tree.folderName, { create: true });
  try {
    return { folderName: tree.folderName, ...(await writeTreeToDirectory(tree, folder, options.onProgress)) };
  } finally {
    await tree.close?.();
  }
}

/** Asks for a directory (a click handler) and exports into it; undefined when cancelled. */
export async function exportLibraryToPickedFolder(options: { library?: string; onProgress?: (progress: CopyProgress) => void } = {}) {
  const picker = (window as unknown as { showDirectoryPicker: (o: object) => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker;
  let target: FileSystemDirectoryHandle;
  try {
    target = await picker({ id: 'eagle-export', mode: 'readwrite' });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') return undefined;
    throw error;
  }
  return exportLibraryToDirectory(target, options);
}
