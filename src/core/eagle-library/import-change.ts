/** An import's notice as a change-feed event (`GET /api/v2/events`, kind `import`), so scripts and tabs see its progress. */
import type { Notice } from '../context';
import type { ChangeEvent } from '../events/change';

type ImportNotice = Extract<Notice, { type: 'import' }>;

export function importChange({ action, import: state }: ImportNotice): ChangeEvent {
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
