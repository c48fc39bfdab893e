/**
 * Opens an Eagle library through the API: a folder is zipped on the way (store-only, streamed
 * by client-zip), then POST library/import; progress comes from the import's state, read until it
 * ends (its `import` events on GET /api/v2/events only make the next read sooner).
 */
import { apiUrl, ApiClient } from '../api-client';
import { zipOfTree } from '../../shared/library-tree/tree-zip';
import type { ImportState } from '../../core/eagle-library';
import { listenToChanges } from '../change-stream';
import type { LibrarySource } from './library-sources';

export type ImportPhase = 'packing' | 'importing' | 'done' | 'failed';

export interface ImportProgress {
  phase: ImportPhase;
  /** The import's state once the worker has it. */
  state?: ImportState;
}

export interface ImportOptions {
  /** A new library named after the folder (default), or the current one. */
  into?: 'new' | 'current';
  /** With `into: 'current'`: this library (its path) instead, whichever is current when it is sent. */
  library?: string;
  onProgress?: (progress: ImportProgress) => void;
  /** How often the state is read while no notice arrives (ms). */
  pollMs?: number;
}

export async function importLibrary(source: LibrarySource, options: ImportOptions = {}): Promise<ImportState> {
  const report = options.onProgress ?? (() => {});
  report({ phase: 'packing' });
  const body = source.kind === 'zip' ? source.zip : await new Response(await zipOfTree(source.tree)).blob();
  const fileName = source.kind === 'zip' ? source.name : source.tree.folderName;
  const client = new ApiClient({ library: options.library });
  const state = await client.postBody('/library/import', { into: options.into ?? 'new', fileName }, body);
  report({ phase: 'importing', state });
  return followImport(state, options);
}

/** Status reads that may fail in a row (the worker restarting, its core loading) before the run is given up. */
const READ_TRIES = 5;

/**
 * Reads an import's state until it ends: one just started, or one a page left running (a reload,
 * a closed tab: the worker goes on). A failed read is tried again, a little later each time; the
 * import runs in the worker either way, and only its report would be lost.
 */
export async function followImport(state: ImportState, options: Pick<ImportOptions, 'library' | 'onProgress' | 'pollMs'> = {}): Promise<ImportState> {
  const report = options.onProgress ?? (() => {});
  const client = new ApiClient({ library: options.library });
  const pollMs = options.pollMs ?? 400;
  const wake = wakeOnProgress(state.id);
  try {
    for (let failed = 0; state.status === 'running'; ) {
      await wake.next(pollMs * 2 ** failed);
      try {
        const read = await client.get('/library/import', { id: state.id });
        state = Array.isArray(read) ? read[0]! : read; // one id: one state
        failed = 0;
      } catch (error) {
        if (++failed >= READ_TRIES) throw error;
        continue;
      }
      report({ phase: state.status === 'running' ? 'importing' : state.status, state });
    }
  } finally {
    wake.close();
  }
  return state;
}

/** `next(ms)` resolves on this import's next event (GET /api/v2/events), or after `ms`. */
function wakeOnProgress(id: string): { next(ms: number): Promise<void>; close(): void } {
  let wake: (() => void) | undefined;
  const stream = listenToChanges({
    url: apiUrl('/events'),
    onChange: (change) => {
      if (change.kind === 'import' && change.ids.includes(id)) wake?.();
    },
  });
  return {
    next: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => wake?.(), ms);
        wake = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
      }),
    close: () => stream.close(),
  };
}
