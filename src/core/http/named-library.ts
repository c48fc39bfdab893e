/**
 * Which library a request names, instead of the current one. A named library is looked up before
 * any route runs: an unknown one is a 404 everywhere, also on routes that never read it (app/info,
 * library/import, events, ...). The core (../api.ts) and the service worker's shell
 * (../shell-api.ts) both check it here.
 */
import type { LibraryRecord, LibraryRegistry } from '../storage/registry';

/** Request header naming the library a request works on, instead of the current one (ours). */
export const LIBRARY_HEADER = 'X-Library-Path';

/**
 * The header, or for a read (GET, HEAD) `?library=`: <img> and <video> cannot send headers. Null:
 * the current library. Of several `library=`, the last: one appended to an item URL, which names
 * the library it was listed from, is the caller's choice.
 */
export function namedLibraryOf(request: Request): string | null {
  const reads = request.method === 'GET' || request.method === 'HEAD';
  return request.headers.get(LIBRARY_HEADER) ?? (reads ? lastLibraryParameter(new URL(request.url)) : null);
}

/** The last `library=` of a URL; null when it has none (an empty one names none either). */
export function lastLibraryParameter(url: URL): string | null {
  return url.searchParams.getAll('library').at(-1) || null;
}

/** The record of the library a request names (NOT_FOUND if unknown), or undefined when it names none. */
export function requireNamedLibrary(registry: Pick<LibraryRegistry, 'require'>, chosen: string | null): Promise<LibraryRecord> | undefined {
  return chosen ? registry.require(chosen) : undefined;
}
