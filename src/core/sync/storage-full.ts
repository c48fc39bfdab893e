/**
 * A full device (the browser's storage quota for this site reached, issue 26 point 7). Dexie names
 * the error QuotaExceededError, possibly inside an abort (`inner`); PouchDB's IndexedDB adapter
 * reports it as a 500 whose reason (or message) is the IndexedDB error's name.
 */
export function isStorageFull(error: unknown): boolean {
  const failure = (error ?? {}) as { name?: unknown; message?: unknown; reason?: unknown; inner?: unknown };
  const named = [failure.name, failure.message, failure.reason].some((text) => typeof text === 'string' && /QuotaExceeded/i.test(text));
  return named || (failure.inner !== undefined && failure.inner !== error && isStorageFull(failure.inner));
}

export const STORAGE_FULL_MESSAGE = "This device's storage is full: the changes that came in wait on the server, nothing here was lost or half-applied; sync resumes once space is freed (delete files or other sites' data).";
