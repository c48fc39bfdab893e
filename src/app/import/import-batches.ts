/** The pure rules of the importer: what goes into one item/add request, and whom an error names. */

/** `folder`: the library folder of the dropped directory it was found in (folder-tree.ts). */
export type FileJob = { kind: 'file'; file: File; path: string; folder?: () => Promise<string> };

export type ImportJob =
  | FileJob
  | { kind: 'url'; url: string; name?: string; annotation?: string }
  | { kind: 'bookmark'; url: string; name?: string; annotation?: string };

export interface BatchLimits {
  /** Items per request (the API takes up to 1000). */
  maxItems: number;
  /** Bytes of originals per request; one larger file still goes alone. */
  maxBytes: number;
}

export const DEFAULT_LIMITS: BatchLimits = { maxItems: 50, maxBytes: 16 * 1024 * 1024 };

export const jobBytes = (job: ImportJob) => (job.kind === 'file' ? job.file.size : 0);

export const jobLabel = (job: ImportJob) => (job.kind === 'file' ? job.path : job.url);

/** Removes and returns the next batch from the front of `queue`: never empty while the queue is not. */
export function takeBatch(queue: ImportJob[], limits: BatchLimits = DEFAULT_LIMITS): ImportJob[] {
  let bytes = 0;
  let count = 0;
  while (count < queue.length && count < limits.maxItems) {
    const size = jobBytes(queue[count]!);
    if (count > 0 && bytes + size > limits.maxBytes) break;
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

/** An item's name from its file name: the extension is the item's `ext`, not part of its name. */
export function nameFromPath(path: string): string {
  const base = path.split('/').pop() ?? path;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base) || base;
}
