/** What an item/add source resolves to, before it is stored (item-sources.ts, linked-original.ts). */
import type { LinkedOriginal } from '../storage/rows';

export interface ResolvedSource {
  /** `body`: the request body of item/addFile. */
  kind: 'url' | 'base64' | 'path' | 'bookmarkURL' | 'body';
  /** The original bytes; absent for bookmarks. */
  blob?: Blob;
  mime: string;
  ext: string;
  width: number;
  height: number;
  /** Name suggested by the source (file name without extension). */
  suggestedName: string;
  /** Source URL the item keeps in `url`. */
  sourceUrl: string;
  /** Set instead of `blob` when the server refused a cross-origin read (linked-original.ts). */
  linked?: LinkedOriginal;
}
