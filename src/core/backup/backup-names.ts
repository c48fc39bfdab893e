/** Moved to src/shared/backup-names.ts: pure names the web app shares; this keeps the core's imports. */
export * from '../../shared/backup-names';
