/**
 * Eagle `.library` folders in and out (library-format.md): a LibraryTree over a zip, a directory
 * handle or a File list is imported batch by batch and resumably; a library is exported as the
 * same tree, streamed as a zip or written into a picked directory.
 */
export { eagleLibraryEntries, type ExportEntry } from './export-entries';
export { directoryHandleTree, droppedEntryFiles, fileListTree, inputFilesTree } from './handle-tree';
export type { BrokenItem, ImportState } from './import-state';
export { libraryNameOf, walkFiles, type LibraryTree, type TreeEntry } from './library-tree';
export { zipOfTree } from './tree-zip';
export { writeTreeToDirectory, type CopyProgress } from './write-directory';
export { zipTree } from './zip-tree';
