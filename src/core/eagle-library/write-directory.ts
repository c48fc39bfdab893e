/** Moved to src/shared/library-tree/write-directory.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/library-tree/write-directory';
