/** Moved to src/shared/ai/descriptor-layout.ts, a module the app shares (no storage in it); AI search's files import it from here. */
export * from '../../shared/ai/descriptor-layout';
