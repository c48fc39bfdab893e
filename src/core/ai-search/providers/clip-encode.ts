/** Moved to src/shared/clip/clip-encode.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../../shared/clip/clip-encode';
