/**
 * A zip entry that cannot be read: its local header is not where the directory says, its data
 * will not inflate, it is encrypted. That is the entry's fault alone, so an importer skips the
 * item folder holding it and goes on (read-library.ts) instead of failing the whole library.
 */
export class UnreadableEntry extends Error {
  constructor(
    readonly path: string,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`${path}: ${reason}`, options);
    this.name = 'UnreadableEntry';
  }
}

/**
 * What a failed read of one entry throws: an UnreadableEntry when it is the entry's fault
 * (zip.js's format errors, the inflater's Error or TypeError), the error itself when it is the
 * browser's (a DOMException: the zip's Blob gone or unreadable, the quota, an abort), which
 * would fail every entry alike and must fail the import, not skip its items one by one.
 */
export function entryFault(path: string, error: unknown): unknown {
  if (error instanceof UnreadableEntry || error instanceof DOMException) return error;
  return new UnreadableEntry(path, error instanceof Error ? error.message : String(error), { cause: error });
}
