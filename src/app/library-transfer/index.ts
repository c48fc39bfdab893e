/**
 * Open an Eagle library and give it back (issue 17), for the library menu: sources (picker,
 * drop, zip), the import with progress and its report, and the export (zip or folder).
 */
export { droppedLibrary, pickLibraryFolder, pickLibraryZip, type LibrarySource } from './library-sources';
export { followImport, importLibrary, type ImportOptions, type ImportPhase, type ImportProgress } from './library-import';
export { canExportToFolder, downloadLibraryZip, exportLibraryToDirectory, exportLibraryToPickedFolder } from './library-export';
export { importReport, type ReportLines } from './import-report';
