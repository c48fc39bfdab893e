/** Moved to src/shared/storage-room.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/storage-room';
