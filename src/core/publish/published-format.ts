/**
 * The static published library (docs/decisions/published-library.md): what `publish` writes and
 * `library/subscribe` reads. Only `manifest.json` has a fixed name; every other file is named by
 * the hash of its bytes, so a host can cache it forever and an update fetches only new names.
 *
 *   manifest.json                  this file's Manifest
 *   root-<hash>.json               the library root: folders, smart folders, tag groups, tags
 *   shards/items-<hash>.json       item records, a bounded number per shard
 *   shards/descriptors-<hash>.bin  the visual descriptors of a shard's items (shard-descriptors.ts)
 *   index/postings-<hash>.json     the search postings, prebuilt (published-index.ts)
 *   index/counts-<hash>.json       tag and folder counts, prebuilt (published-index.ts)
 *   thumbnails/<hash>.<ext>        thumbnails, fetched when shown
 *   originals/<hash>.<ext>         originals (absent with --no-originals), fetched when opened
 */
import type { EagleRecord } from '../storage/rows';
import type { PublishedIndexRef } from './published-index';

export const FORMAT = 'offline-asset-library/published';
export const FORMAT_VERSION = 1;

export interface ShardRef {
  file: string;
  /** Items in the shard. */
  items: number;
  /**
   * The shard's visual descriptors, computed by `publish` from the thumbnails (absent when none of
   * its items has one, and in libraries published before descriptors were: an optional field, so
   * version 1 still reads both ways).
   */
  descriptors?: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  name: string;
  /** A hash of every file name below: equal manifests publish equal libraries. */
  contentVersion: string;
  counts: { items: number; folders: number; smartFolders: number; tagGroups: number; thumbnails: number; originals: number };
  root: string;
  /** The layout of the descriptor files (descriptor-layout.ts DESCRIPTOR_VERSION); another one's are not used. */
  descriptorVersion?: number;
  shards: ShardRef[];
  /**
   * The index built for every item (published-index.ts), in the layout named: a first load whose
   * layout is the same puts it in bulk instead of indexing each item. Optional: a library published
   * without it (or in another layout) loads through the write pipeline, so the format stays version 1.
   */
  index?: PublishedIndexRef;
  /** Every file of the published library but the manifest, in name order. */
  files: string[];
}

/** One item of a shard: its Eagle record (library-format.md §3.1) and where its files are. */
export interface ShardItem {
  id: string;
  record: EagleRecord;
  /** Bytes of the original (also when it is not published). */
  size: number;
  hasFile: boolean;
  thumbnail?: string;
  original?: string;
}

export interface Shard {
  items: ShardItem[];
}

/** Hex SHA-256 of the bytes, cut to 20 characters (80 bits: no accidental collision in a library). */
export async function contentHash(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return [...digest.subarray(0, 10)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The hash a file's name carries: `shards/items-<hash>.json` → `<hash>`. */
export function hashInName(file: string): string | undefined {
  return /(?:^|[/-])([0-9a-f]{20})\.[a-z0-9]+$/.exec(file)?.[1];
}
