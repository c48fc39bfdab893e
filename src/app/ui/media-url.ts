import { withLibraryParameter } from '../../client/api-client';

/**
 * The URL an <img>, <video> or <audio> loads an item's file or thumbnail from. Media elements cannot send
 * the X-Library-Path header, so a panel working on a library other than the current one names it with
 * `library=` (an API extension, docs/api-extensions.md#every-request).
 */
export function mediaUrl(url: string, library?: string): string {
  // A linked original's address (another site's) is not ours to name a library in.
  if (!url || !library || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return withLibraryParameter(url, library);
}
