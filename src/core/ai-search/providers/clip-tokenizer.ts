/** Moved to src/shared/clip/clip-tokenizer.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../../shared/clip/clip-tokenizer';
