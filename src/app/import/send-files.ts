/**
 * Sends files to the library one request each, the file itself as the body (item/addFile): the
 * browser hands the Blob to the service worker, which stores it as a Blob, so no file is ever read
 * into this page's memory or turned into Base64 text, whatever its size. A file larger than the
 * room the browser leaves this site is refused before it is sent, with the reason.
 */
import { ApiClientError, type ApiClient } from '../api-client';
import type { InputOf } from '../../client/api-client';

type FileQuery = InputOf<'POST /item/addFile'>;
import { roomOf, tooLargeFor } from '../../shared/storage-room';
import { nameFromPath, type FileJob } from './import-batches';

/** Below this, the worker's own check (the same estimate) answers as fast as asking here. */
const CHECK_ROOM_FROM_BYTES = 16 * 1024 * 1024;

export interface FileOutcomes {
  /** `duplicateOf`: the item that already held the file's bytes (item/addFile's answer), or null. */
  done(job: FileJob, id: string, duplicateOf: string | null): void;
  failed(job: FileJob, message: string): void;
  /** Stored, but its answer was lost (the worker restarted while answering): sending it again would add it twice. */
  lost(job: FileJob): void;
  /** Not sent: the import was stopped before its turn. */
  skipped(job: FileJob): void;
}

/** The query string of a file's item/addFile: its name, the file name (for its extension) and folder. */
export function fileQuery(job: FileJob, folderId: string | null): FileQuery {
  const fileName = job.path.split('/').pop() || job.file.name;
  return { name: nameFromPath(job.path), ...(fileName ? { fileName } : {}), ...(folderId ? { folders: [folderId] } : {}) };
}

/** Sends the files in turn; answers the ids of those stored. */
export async function sendFiles(api: ApiClient, jobs: readonly FileJob[], query: (job: FileJob) => Promise<FileQuery>, on: FileOutcomes, stopped = () => false): Promise<string[]> {
  const ids: string[] = [];
  for (const job of jobs) {
    if (stopped()) {
      on.skipped(job);
      continue;
    }
    try {
      const tooLarge = job.file.size >= CHECK_ROOM_FROM_BYTES ? tooLargeFor(roomOf(await navigator.storage?.estimate?.()), job.file.size) : undefined;
      if (tooLarge) {
        on.failed(job, tooLarge);
        continue;
      }
      const { id, duplicateOf } = await api.postBody('/item/addFile', await query(job), job.file);
      ids.push(id);
      on.done(job, id, duplicateOf ?? null);
    } catch (error) {
      if (answerLost(error)) on.lost(job);
      else on.failed(job, messageOf(error));
    }
  }
  return ids;
}

/** The typed client's word for a keyed write that was made but not answered (api-client.ts' ANSWER_LOST). */
export const answerLost = (error: unknown) => error instanceof ApiClientError && error.body.code === 'ANSWER_LOST';

const messageOf = (error: unknown) =>
  error instanceof ApiClientError ? error.body.message : error instanceof Error ? error.message : String(error);
