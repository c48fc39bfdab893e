/**
 * Where an Eagle library to open comes from in the page: a picked directory (showDirectoryPicker,
 * else `<input webkitdirectory>`), a dropped folder or zip, or a picked zip. Each gives a
 * LibraryTree (a folder) or a Blob (a zip). Pickers need a user gesture: call them from a click.
 */
import { directoryHandleTree, droppedEntryFiles, fileListTree, inputFilesTree } from '../../shared/library-tree/handle-tree';
import type { LibraryTree } from '../../shared/library-tree/library-tree';

export type LibrarySource = { kind: 'folder'; tree: LibraryTree } | { kind: 'zip'; zip: Blob; name: string };

type DirectoryPicker = (options?: { id?: string; mode?: 'read' | 'readwrite' }) => Promise<FileSystemDirectoryHandle>;
const directoryPicker = () => (window as unknown as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;

/** Asks for a library folder; undefined when the person cancels. */
export async function pickLibraryFolder(): Promise<LibrarySource | undefined> {
  const picker = directoryPicker();
  if (picker) {
    try {
      return { kind: 'folder', tree: directoryHandleTree(await picker({ id: 'eagle-library', mode: 'read' })) };
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return undefined;
      throw error;
    }
  }
  const files = await pickFiles({ directory: true });
  return files.length ? { kind: 'folder', tree: inputFilesTree(files) } : undefined;
}

/** Asks for a zip of a library; undefined when the person cancels. */
export async function pickLibraryZip(): Promise<LibrarySource | undefined> {
  const [file] = await pickFiles({ accept: '.zip,application/zip' });
  return file ? { kind: 'zip', zip: file, name: file.name } : undefined;
}

function pickFiles(options: { directory?: boolean; accept?: string }): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    if (options.directory) input.webkitdirectory = true;
    if (options.accept) input.accept = options.accept;
    input.addEventListener('change', () => resolve([...(input.files ?? [])]));
    input.addEventListener('cancel', () => resolve([]));
    input.click();
  });
}

/**
 * What was dropped: a folder or a zip. Call it synchronously inside the `drop` handler: the
 * browser empties the DataTransfer once the handler returns, so the entries are taken first.
 */
export function droppedLibrary(data: DataTransfer): Promise<LibrarySource | undefined> {
  const items = [...data.items].filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry());
  const files = items.map((item) => item.getAsFile());
  return (async () => {
    const folder = entries.find((entry) => entry?.isDirectory);
    if (folder) return { kind: 'folder', tree: fileListTree(await droppedEntryFiles(folder), `${folder.name}`) } as const;
    const zip = files.find((file) => file && /\.zip$/i.test(file.name));
    return zip ? ({ kind: 'zip', zip, name: zip.name } as const) : undefined;
  })();
}
