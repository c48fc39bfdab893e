/** The descriptor layout, on the core's floor for AI search and the duplicate finder: the module the app shares too. */
export * from '../../shared/ai/descriptor-layout';
