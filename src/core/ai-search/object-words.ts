/** Moved to src/shared/ai/object-words.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/ai/object-words';
