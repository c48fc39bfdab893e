/** Moved to src/shared/folder-name.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/folder-name';
