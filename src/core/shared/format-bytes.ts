/** Moved to src/shared/format-bytes.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/format-bytes';
