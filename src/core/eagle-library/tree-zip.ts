/** Moved to src/shared/library-tree/tree-zip.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/library-tree/tree-zip';
