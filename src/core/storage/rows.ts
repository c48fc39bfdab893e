/**
 * What is stored, row by row. API shapes are derived from these by each area's `view` module;
 * fields only the service needs (pk, nameKey, facets, ...) never leave the core.
 */
import type { Colour } from '../http/colour';

/**
 * The record an Eagle library held for this row, as parsed (src/core/eagle-library): kept so that
 * an export writes back the keys this project does not model, in their order.
 */
export type EagleRecord = Record<string, unknown>;

export interface Palette {
  color: [number, number, number];
  /** Percentage of the image, 0..100. */
  ratio: number;
}

export type ThumbnailState = 'pending' | 'ready' | 'none';

export interface ItemRow {
  /** Primary key: import time (fixed width) + id, so every index lists items in import order. */
  pk: string;
  id: string;
  name: string;
  /** Lower-cased name, the NAME sort key. */
  nameKey: string;
  ext: string;
  mime: string;
  width: number;
  height: number;
  /** width × height, the RESOLUTION sort key. */
  pixels: number;
  size: number;
  /** Source URL (the `website` of item/add, the page of a download, or the bookmarked URL). */
  url: string;
  annotation: string;
  tags: string[];
  folders: string[];
  /** Index-only markers: trashed, untagged, unfiled, shape:<shape>, kind:<bookmark|file>. */
  facets: string[];
  star: number;
  isDeleted: boolean;
  modificationTime: number;
  /** Creation time of the file itself when known (btime), else import time. */
  btime: number;
  importedAt: number;
  /** Media duration in seconds, for audio/video (0 when unknown). */
  duration: number;
  palettes: Palette[];
  noThumbnail: boolean;
  noPreview: boolean;
  thumbnail: ThumbnailState;
  /** True when the original bytes are stored in `files` (false for bookmarks). */
  hasFile: boolean;
  /**
   * Set when the original could not be kept (its server refused a cross-origin read): the item
   * shows the image from this URL and says why (docs/decisions/linked-originals.md).
   */
  linked?: LinkedOriginal;
  /** Set on items imported from an Eagle library. */
  eagleRecord?: EagleRecord;
  /**
   * Set on items of a library subscribed to a published one: where its thumbnail and original are,
   * relative to the published library's URL (fetched when first shown, publish/lazy-files.ts).
   */
  publishedFiles?: PublishedFiles;
  /** The `descriptorShards` row holding the item's visual descriptor; absent while it has none. */
  descriptorShard?: number;
  /**
   * What search knows of the item (src/core/search/search-document.ts), derived when the row is
   * written (`commitItemChanges`' derive step) and never shown by the API. Absent only on rows not
   * yet written through the pipeline (none once LibraryDb version 9 has run).
   */
  search?: SearchTerms;
}

/** An original kept only as its URL, and the sentence that tells the person why. */
export interface LinkedOriginal {
  url: string;
  reason: string;
}

/** An item's search terms (its term posting lists) and each searchable field's words. */
export interface SearchTerms {
  terms: string[];
  /** Each searchable field's words, space-separated: phrase checks read only the item row. */
  text: string[];
}

export interface PublishedFiles {
  thumbnail?: string;
  original?: string;
}

export interface FileRow {
  id: string;
  blob: Blob;
  /** The blob's content hash (shared/content-hash.ts); absent for files stored before it was kept. */
  sha256?: string;
}

export interface ThumbnailRow {
  id: string;
  blob: Blob;
  custom: boolean;
}

export interface CommentRow {
  id: string;
  itemId: string;
  annotation: string;
  lastModified: number;
  /** Image rect comment. */
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** Video timestamp comment, seconds. */
  duration?: number;
}

export interface FolderRow {
  id: string;
  name: string;
  description: string;
  parent: string | null;
  tags: string[];
  iconColor: Colour | '';
  modificationTime: number;
  createdAt: number;
  /** Non-trashed items directly in the folder, kept by the item-change pipeline. */
  imageCount: number;
  /** Set on rows imported from an Eagle library. */
  eagleRecord?: EagleRecord;
}

export interface TagRow {
  name: string;
  /** Non-trashed items carrying the tag, kept by the item-change pipeline. */
  count: number;
  color: Colour | '';
  pinyin: string;
  /** Last time the tag was applied to an item (0: never); the recent-tags order. */
  lastUsedAt: number;
  /** When the tag was starred (0: not starred); the starred-tags order. */
  starredAt: number;
}

export interface TagGroupRow {
  id: string;
  name: string;
  color: Colour | '';
  tags: string[];
  description: string;
  createdAt: number;
  /** Set on rows imported from an Eagle library. */
  eagleRecord?: EagleRecord;
}

export interface SmartFolderRow {
  id: string;
  name: string;
  description: string;
  icon: string;
  iconColor: Colour | '';
  parent: string | null;
  conditions: unknown[];
  modificationTime: number;
  createdAt: number;
  /** Set on rows imported from an Eagle library. */
  eagleRecord?: EagleRecord;
}

/** The `terms` table of LibraryDb versions 1 to 8: one item's search terms, keyed like the item
 *  (version 9 moved them into the item row, `ItemRow.search`). */
export interface TermsRow extends SearchTerms {
  pk: string;
}

/** A smart folder's kept imageCount (src/core/smart-folders/count-store.ts). */
export interface SmartFolderCountRow {
  id: string;
  count: number;
  /** Local midnight of the day the count holds for (a `within` rule in the chain), else null. */
  day: number | null;
}

/** One block of a posting list (src/core/postings): item keys, ascending, from `fence` on. */
export interface PostingRow {
  list: string;
  fence: string;
  pks: string[];
}

/**
 * Term lists' tails sharing one record of the postings table (src/core/postings/term-packs.ts):
 * `list` is PACKS_LIST, `fence` the first list name the pack covers. `lists` holds each term list's
 * tail, ascending, as one front-coded string (postings/front-coding.ts; an array of keys before
 * LibraryDb version 10): the keys not in blocks (all of a small list's). `big` maps each list of its
 * range that has blocks of its own to a key no block key is above and every tail key is above.
 */
export interface PackRow {
  list: string;
  fence: string;
  lists: Record<string, string>;
  big: Record<string, string>;
}

export interface JobRow {
  /** `<kind>:<itemId>`, so an item has at most one pending job of each kind. */
  id: string;
  kind: string;
  itemId: string;
  createdAt: number;
  attempts: number;
  /** Why the last attempt failed, if it did. */
  lastError: string;
  /** Extra input of the job (e.g. the custom thumbnail source). */
  payload?: unknown;
}

/**
 * Visual descriptors of many items packed in one row (src/core/ai-search/descriptor-store.ts):
 * slot i is `ids[i]`, its bytes at i × DESCRIPTOR_BYTES in `data`, `trashed[i]` 1 while in the trash.
 */
export interface DescriptorShardRow {
  shard: number;
  ids: string[];
  trashed: Uint8Array;
  data: Uint8Array;
}

/** One object the detector found: a COCO label, its confidence and its box (fractions of the picture). */
export interface Detection {
  label: string;
  score: number;
  /** x, y, width, height, each 0..1 of the picture. */
  box: [number, number, number, number];
  /** Shares (0..1) of the named colours inside the box, those of 5% or more ("red car"). */
  colours?: Record<string, number>;
}

/** The objects found in one item's picture (src/core/ai-search/objects-store.ts). */
/** Image embeddings of a user's CLIP model, many per row (ai-search/providers/clip-vectors.ts). */
export interface ClipShardRow {
  shard: number;
  /** The model they were made with (its manifest name); other models' rows are dropped on a switch. */
  model: string;
  ids: string[];
  /** ids.length × dims int8 values (the L2-normalised embedding × 127). */
  data: Int8Array;
}

/** Where an item's content text came from: OCR of its picture, a plain-text file, a PDF's text layer. */
export type ContentTextSource = 'ocr' | 'text' | 'pdf';

/** The text found inside one item (src/core/content-text/content-text-store.ts). */
export interface ContentTextRow {
  id: string;
  source: ContentTextSource;
  text: string;
}

export interface ObjectsRow {
  id: string;
  /** Labels found (multiEntry index), each once. */
  labels: string[];
  detections: Detection[];
  /** 1 while the item is in the trash. */
  trashed: number;
}

/**
 * Sentence-encoder embeddings of many items' metadata text packed in one row
 * (src/core/ai-search/text-vector-store.ts): slot i is `ids[i]`, its int8 vector at i × 512 in
 * `data` (value ≈ byte × `scales[i]`), `trashed[i]` 1 while in the trash.
 */
export interface TextShardRow {
  shard: number;
  ids: string[];
  trashed: Uint8Array;
  scales: Float32Array;
  data: Int8Array;
}

/** Which `textShards` row holds an item's embedding (so the item row itself is never rewritten). */
export interface TextSlotRow {
  id: string;
  shard: number;
}

/** Small library-scoped values: meta, selection, recent folders, quick access. */
export interface StateRow {
  key: string;
  value: unknown;
}

/** The `state` row holding the library's item counts (kept by ./counts.ts). */
export const ITEM_COUNTS_KEY = 'itemCounts';

/** Every item row, those of them in the trash, and those outside it with no tag and with no folder (the sidebar's views). */
export interface ItemCounts {
  all: number;
  trashed: number;
  untagged: number;
  unfiled: number;
}

export interface LibraryMeta {
  modificationTime: number;
  applicationVersion: string;
}
