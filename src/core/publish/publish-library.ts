/**
 * Publishes an Eagle library (any LibraryTree: a folder, a zip, this app's export) as a static
 * published library (published-format.ts). It reads with the Eagle import's own reader, so what a
 * visitor sees is what an import would store. Platform-neutral: the caller supplies where files go.
 */
import { itemFolderNames, readItemFolder, readRoot } from '../eagle-library/read-library';
import { libraryNameOf, type LibraryTree } from '../eagle-library/library-tree';
import { records } from '../eagle-library/eagle-json';
import { folderRowOf, walkNodes } from '../eagle-library/root-records';
import { commentTextsOf } from '../eagle-library/item-record';
import type { ItemRow } from '../storage/rows';
import { DESCRIPTOR_VERSION } from '../ai-search/descriptor-layout';
import { contentHash, FORMAT, FORMAT_VERSION, type Manifest, type Shard, type ShardItem, type ShardRef } from './published-format';
import { shardIds } from './shard-cuts';
import { packShardDescriptors } from './shard-descriptors';
import { buildIndex, INDEX_LAYOUT, postingsFiles, type PublishedIndexRef } from './published-index';
import { withSearchTerms } from '../search/search-document';
import { shardItemRow } from './store-shards';
import { planPart, type PublishPart } from './publish-part';

export interface PublishSink {
  /** Writes a file of the published library; `path` uses "/". */
  write(path: string, bytes: Uint8Array): Promise<void>;
  /**
   * Whether the destination already holds this file. Every name but manifest.json carries the hash
   * of its bytes, so a file that is there is this file: publishing again writes only what changed.
   */
  has?(path: string): Promise<boolean>;
}

export interface PublishProgress {
  done: number;
  total: number;
}

export interface PublishOptions {
  /** Publish the originals too (default); without them visitors see thumbnails only. */
  originals?: boolean;
  /** About this many items a shard (default 512). */
  shardItems?: number;
  name?: string;
  progress?: (progress: PublishProgress) => void;
  /**
   * The visual descriptor (descriptor-layout.ts) of a thumbnail; throws when the thumbnail cannot
   * be decoded. Without it nothing is described (the subscriber then describes what it shows).
   */
  describe?: (thumbnail: Blob) => Promise<Uint8Array>;
  /** Publish only this folder or smart folder (publish-part.ts); throws PublishPartError on an unknown id. */
  part?: PublishPart;
}

export interface PublishReport {
  manifest: Manifest;
  /** Item folders skipped, by name, with why. */
  broken: { name: string; reason: string }[];
  /** Item folders published without a visual descriptor (their thumbnail could not be decoded), by name, with why. */
  undescribed: { name: string; reason: string }[];
  /** Files written, and files left as they were because the destination held them already. */
  files: { written: number; kept: number };
}

/** Item folders read at once (one read of their bytes from a zip). */
const READ_AHEAD = 64;
const TEXT = new TextEncoder();

const THUMBNAIL_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

const safeExt = (ext: string) => (/^[a-z0-9]{1,10}$/.test(ext) ? ext : 'bin');

export async function publishLibrary(tree: LibraryTree, sink: PublishSink, options: PublishOptions = {}): Promise<PublishReport> {
  const libraryRoot = await readRoot(tree);
  if (typeof libraryRoot === 'string') throw new Error(`${tree.folderName}: ${libraryRoot}`);
  const part = options.part ? planPart(libraryRoot, options.part) : undefined;
  const withOriginals = options.originals ?? true;
  const written = new Set<string>();
  const files = { written: 0, kept: 0 };
  const put = async (prefix: string, ext: string, bytes: Uint8Array) => {
    const path = `${prefix}${await contentHash(bytes)}.${ext}`;
    if (written.has(path)) return path;
    written.add(path);
    if (await sink.has?.(path)) files.kept += 1;
    else {
      await sink.write(path, bytes);
      files.written += 1;
    }
    return path;
  };

  const folders = await itemFolderNames(tree);
  const items = new Map<string, ShardItem>();
  const broken: PublishReport['broken'] = [];
  const undescribed: PublishReport['undescribed'] = [];
  const descriptors = new Map<string, Uint8Array>();
  let thumbnails = 0;
  let originals = 0;
  for (let at = 0; at < folders.length; at += READ_AHEAD) {
    const slice = folders.slice(at, at + READ_AHEAD);
    await tree.prefetch?.(slice.map((folder) => `images/${folder}`));
    for (const folder of slice) {
      const read = await readItemFolder(tree, folder);
      if (!read.ok) {
        broken.push({ name: read.name, reason: read.reason });
        continue;
      }
      const { row, file, thumbnail, comments } = read.item;
      if (part && !part.holds(row, comments.map((comment) => comment.annotation))) continue;
      const record = row.eagleRecord ?? {};
      const entry: ShardItem = { id: row.id, record: part ? part.record(record) : record, size: row.size, hasFile: file !== undefined };
      if (thumbnail) {
        entry.thumbnail = await put('thumbnails/', THUMBNAIL_EXT[thumbnail.type] ?? 'png', new Uint8Array(await thumbnail.arrayBuffer()));
        thumbnails += 1;
        if (options.describe) {
          try {
            descriptors.set(row.id, await options.describe(thumbnail));
          } catch (error) {
            undescribed.push({ name: folder, reason: error instanceof Error ? error.message : String(error) });
          }
        }
      }
      if (file && withOriginals) {
        entry.original = await put('originals/', safeExt(row.ext), new Uint8Array(await file.arrayBuffer()));
        originals += 1;
      }
      items.set(row.id, entry);
    }
    options.progress?.({ done: Math.min(at + READ_AHEAD, folders.length), total: folders.length });
  }

  const root = part ? part.root([...items.values()].map((item) => item.record)) : libraryRoot;
  const rootFile = await put('root-', 'json', TEXT.encode(JSON.stringify(root)));
  const index = await publishIndex(root.metadata.folders, items, put);
  const shards: ShardRef[] = [];
  for (const ids of shardIds([...items.keys()], options.shardItems ?? 512)) {
    const shard: Shard = { items: ids.map((id) => items.get(id)!) };
    const ref: ShardRef = { file: await put('shards/items-', 'json', TEXT.encode(JSON.stringify(shard))), items: ids.length };
    const packed = packShardDescriptors(ids, descriptors);
    if (packed) ref.descriptors = await put('shards/descriptors-', 'bin', packed);
    shards.push(ref);
  }
  const listed = [rootFile, ...index.postings, index.counts, ...shards.flatMap((shard) => (shard.descriptors ? [shard.file, shard.descriptors] : [shard.file]))].sort();
  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    name: options.name ?? (part?.name || libraryNameOf(tree.folderName)),
    contentVersion: await contentHash(TEXT.encode(listed.join('\n'))),
    counts: {
      items: items.size,
      folders: [...walkNodes(root.metadata.folders)].length,
      smartFolders: [...walkNodes(root.metadata.smartFolders)].length,
      tagGroups: records(root.metadata.tagsGroups).length,
      thumbnails,
      originals,
    },
    root: rootFile,
    ...(descriptors.size ? { descriptorVersion: DESCRIPTOR_VERSION } : {}),
    shards,
    index,
    files: listed,
  };
  await sink.write('manifest.json', TEXT.encode(`${JSON.stringify(manifest, null, 2)}\n`));
  files.written += 1;
  return { manifest, broken, undescribed, files };
}

/**
 * The index a subscriber's first load puts in bulk (published-index.ts), built from the rows it
 * makes of the shards (shardItemRow), with the search terms its search index would derive: folder
 * names as the root import stores them (the first node of an id), comments from the records.
 */
async function publishIndex(
  folderTree: unknown,
  items: ReadonlyMap<string, ShardItem>,
  put: (prefix: string, ext: string, bytes: Uint8Array) => Promise<string>,
): Promise<PublishedIndexRef> {
  const folderNames = new Map<string, string>();
  for (const { node, parent } of walkNodes(folderTree)) {
    const folder = folderRowOf(node, parent, 0);
    if (!folderNames.has(folder.id)) folderNames.set(folder.id, folder.name);
  }
  const rows: ItemRow[] = [...items.values()].map((item) => withSearchTerms(shardItemRow(item), folderNames, commentTextsOf(item.id, item.record)));
  const { postings, counts } = buildIndex(rows);
  const files: string[] = [];
  for (const file of postingsFiles(postings)) files.push(await put('index/postings-', 'json', TEXT.encode(JSON.stringify(file))));
  return { layout: INDEX_LAYOUT, postings: files, counts: await put('index/counts-', 'json', TEXT.encode(JSON.stringify(counts))) };
}
