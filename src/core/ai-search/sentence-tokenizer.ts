/** Moved to src/shared/ai/sentence-tokenizer.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/ai/sentence-tokenizer';
