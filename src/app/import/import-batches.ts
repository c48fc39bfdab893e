/** The pure rules of the importer: what goes into one item/add request, and whom an error names. */
import { splitFileName } from '../../shared/mime';

/**
 * Where a drop or paste goes, taken when it was made: the view, and the open library, may change
 * while the import runs. `into`: the library folder the person dropped or pasted into (none when
 * absent). `library`: the path of the library open then (absent: whichever is current at each send).
 */
export interface Destination {
  into?: string | null;
  library?: string | null;
}

/** `folder`: for a file found in a dropped directory, the library folder made for that directory (folder-tree.ts), instead of `into`. */
export type FileJob = { kind: 'file'; file: File; path: string; folder?: () => Promise<string> } & Destination;

export type ImportJob =
  | FileJob
  | ({ kind: 'url'; url: string; name?: string; annotation?: string } & Destination)
  | ({ kind: 'bookmark'; url: string; name?: string; annotation?: string } & Destination);

export interface BatchLimits {
  /** Items per request (the API takes up to 1000). */
  maxItems: number;
  /** Bytes of originals per request; one larger file still goes alone. */
  maxBytes: number;
}

export const DEFAULT_LIMITS: BatchLimits = { maxItems: 50, maxBytes: 16 * 1024 * 1024 };

export const jobBytes = (job: ImportJob) => (job.kind === 'file' ? job.file.size : 0);

export const jobLabel = (job: ImportJob) => (job.kind === 'file' ? job.path : job.url);

/**
 * Removes and returns the next batch from the front of `queue`: never empty while the queue is not.
 * A batch is one request, so all of it goes to the library of its first job.
 */
export function takeBatch(queue: ImportJob[], limits: BatchLimits = DEFAULT_LIMITS): ImportJob[] {
  let bytes = 0;
  let count = 0;
  const library = queue[0]?.library ?? null;
  while (count < queue.length && count < limits.maxItems) {
    const size = jobBytes(queue[count]!);
    if (count > 0 && (bytes + size > limits.maxBytes || (queue[count]!.library ?? null) !== library)) break;
    bytes += size;
    count += 1;
  }
  return queue.splice(0, count);
}

/** "items[6].base64: is not valid Base64." → 6; undefined when the error is not about one item. */
export function failedIndex(message: string): number | undefined {
  const match = /\bitems\[(\d+)\]/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/**
 * An item's name and extension from its file name: the extension is the item's `ext`, sent beside
 * the Base64 (which has no name of its own), whatever it is (`setup.exe` is "setup" + "exe").
 */
export function nameAndExtFromPath(path: string): { name: string; ext?: string } {
  const { name, ext } = splitFileName(path.split('/').pop() ?? path);
  return ext ? { name, ext } : { name };
}

export const nameFromPath = (path: string): string => nameAndExtFromPath(path).name;
