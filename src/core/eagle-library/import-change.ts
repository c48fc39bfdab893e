/** An import's step as a change-feed event (`GET /api/v2/events`, kind `import`), so scripts and tabs see its progress. */
import type { ChangeEvent } from '../events/change';
import type { ImportState } from './import-state';

/** `progress` while it runs, then `done` or `failed`. */
export function importChange(state: ImportState): ChangeEvent {
  const action = state.status === 'running' ? 'progress' : state.status;
  return {
    kind: 'import',
    action,
    ids: [state.id],
    library: state.libraryPath,
    details: {
      status: state.status,
      total: state.total,
      done: state.done,
      imported: state.imported,
      skipped: state.skipped,
      broken: state.broken.length,
      bytes: state.bytes,
    },
  };
}
