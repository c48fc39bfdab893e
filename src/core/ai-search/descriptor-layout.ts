/** Moved to src/shared/ai/descriptor-layout.ts, a module the app shares (no storage in it); this keeps the core's imports. */
export * from '../../shared/ai/descriptor-layout';
