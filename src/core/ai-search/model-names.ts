/** Moved to src/shared/ai/model-names.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/ai/model-names';
