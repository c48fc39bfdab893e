/** Moved to src/shared/library-tree/library-tree.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/library-tree/library-tree';
