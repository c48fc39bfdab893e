/**
 * The index a published library ships prebuilt (docs/decisions/published-library.md, "the index
 * published prebuilt"): what the write pipeline's index observers would derive from every item,
 * built once by `publish` from the same rows a subscriber makes, so a first load stores the item
 * rows alone and then puts these rows in bulk (put-published-index.ts).
 *
 *   index/postings-<hash>.json   { rows }: posting blocks and term packs, as stored (term-packs.ts)
 *   index/counts-<hash>.json     { tags, folders }: items outside the trash per tag and folder
 *
 * Pure: the publish command and a subscriber that must build it from its own rows use this file.
 */
import { postingsOf } from '../postings/build-postings';
import { frontCount, TAIL_CODING } from '../postings/front-coding';
import { BLOCK_SIZE } from '../postings/postings-store';
import { PACK_SIZE, TAIL_LIMIT } from '../postings/term-packs';
import type { ItemRow, PackRow, PostingRow } from '../storage/rows';

/**
 * Bump when an item's search terms (search-document.ts, tokenize.ts), the list names
 * (posting-lists.ts) or the item keys (item-row.ts `itemPk`) change: a subscriber uses a published
 * index only when its layout equals this one, and otherwise indexes every item itself.
 */
const TERMS_VERSION = 1;
export const INDEX_LAYOUT = `terms-${TERMS_VERSION}/blocks-${BLOCK_SIZE}/tails-${TAIL_LIMIT}-${TAIL_CODING}/packs-${PACK_SIZE}`;

/** The manifest's `index`: its layout and its files. */
export interface PublishedIndexRef {
  layout: string;
  postings: string[];
  counts: string;
}

export interface PostingsFile {
  rows: (PostingRow | PackRow)[];
}

export interface IndexCounts {
  /** Every tag an item carries (in the trash or not) → the items outside the trash carrying it. */
  tags: Record<string, number>;
  /** Folder id → the items outside the trash in it. */
  folders: Record<string, number>;
}

export interface BuiltIndex {
  postings: (PostingRow | PackRow)[];
  counts: IndexCounts;
}

/** About this many item keys a postings file holds (a few megabytes of JSON). */
export const POSTINGS_FILE_KEYS = 100_000;

/** The index of these rows (their `search` set): every posting list in the stored layout, and the tag and folder counts. */
export function buildIndex(rows: readonly ItemRow[]): BuiltIndex {
  const tags: Record<string, number> = {};
  const folders: Record<string, number> = {};
  for (const row of rows) {
    for (const tag of row.tags) tags[tag] = (tags[tag] ?? 0) + (row.isDeleted ? 0 : 1);
    if (!row.isDeleted) for (const folder of row.folders) folders[folder] = (folders[folder] ?? 0) + 1;
  }
  return { postings: postingsOf(rows), counts: { tags: sortedRecord(tags), folders: sortedRecord(folders) } };
}

/** Posting rows in files of about POSTINGS_FILE_KEYS keys, in order. */
export function postingsFiles(rows: readonly (PostingRow | PackRow)[], fileKeys = POSTINGS_FILE_KEYS): PostingsFile[] {
  const files: PostingsFile[] = [];
  let file: PostingsFile | undefined;
  let keys = 0;
  for (const row of rows) {
    const size = 'pks' in row ? row.pks.length : Object.values(row.lists).reduce((sum, tail) => sum + frontCount(tail), 0) + Object.keys(row.big).length;
    if (!file || (keys > 0 && keys + size > fileKeys)) {
      files.push((file = { rows: [] }));
      keys = 0;
    }
    file.rows.push(row);
    keys += size;
  }
  return files;
}

const sortedRecord = (record: Record<string, number>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
