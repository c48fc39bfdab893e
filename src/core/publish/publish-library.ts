/**
 * Publishes an Eagle library (any LibraryTree: a folder, a zip, this app's export) as a static
 * published library (published-format.ts). It reads with the Eagle import's own reader, so what a
 * visitor sees is what an import would store. Platform-neutral: the caller supplies where files go.
 */
import { itemFolderNames, readItemFolder, readRoot } from '../eagle-library/read-library';
import { libraryNameOf, type LibraryTree } from '../eagle-library/library-tree';
import { records } from '../eagle-library/eagle-json';
import { walkNodes } from '../eagle-library/root-records';
import { contentHash, FORMAT, FORMAT_VERSION, type Manifest, type Shard, type ShardItem } from './published-format';
import { shardIds } from './shard-cuts';

export interface PublishSink {
  /** Writes a file of the published library; `path` uses "/". */
  write(path: string, bytes: Uint8Array): Promise<void>;
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
}

export interface PublishReport {
  manifest: Manifest;
  /** Item folders skipped, by name, with why. */
  broken: { name: string; reason: string }[];
}

/** Item folders read at once (one read of their bytes from a zip). */
const READ_AHEAD = 64;
const TEXT = new TextEncoder();

const THUMBNAIL_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

const safeExt = (ext: string) => (/^[a-z0-9]{1,10}$/.test(ext) ? ext : 'bin');

export async function publishLibrary(tree: LibraryTree, sink: PublishSink, options: PublishOptions = {}): Promise<PublishReport> {
  const root = await readRoot(tree);
  if (typeof root === 'string') throw new Error(`${tree.folderName}: ${root}`);
  const withOriginals = options.originals ?? true;
  const written = new Set<string>();
  const put = async (prefix: string, ext: string, bytes: Uint8Array) => {
    const path = `${prefix}${await contentHash(bytes)}.${ext}`;
    if (!written.has(path)) await sink.write(path, bytes);
    written.add(path);
    return path;
  };

  const folders = await itemFolderNames(tree);
  const items = new Map<string, ShardItem>();
  const broken: PublishReport['broken'] = [];
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
      const { row, file, thumbnail } = read.item;
      const entry: ShardItem = { id: row.id, record: row.eagleRecord ?? {}, size: row.size, hasFile: file !== undefined };
      if (thumbnail) {
        entry.thumbnail = await put('thumbnails/', THUMBNAIL_EXT[thumbnail.type] ?? 'png', new Uint8Array(await thumbnail.arrayBuffer()));
        thumbnails += 1;
      }
      if (file && withOriginals) {
        entry.original = await put('originals/', safeExt(row.ext), new Uint8Array(await file.arrayBuffer()));
        originals += 1;
      }
      items.set(row.id, entry);
    }
    options.progress?.({ done: Math.min(at + READ_AHEAD, folders.length), total: folders.length });
  }

  const rootFile = await put('root-', 'json', TEXT.encode(JSON.stringify(root)));
  const shards = [];
  for (const ids of shardIds([...items.keys()], options.shardItems ?? 512)) {
    const shard: Shard = { items: ids.map((id) => items.get(id)!) };
    shards.push({ file: await put('shards/items-', 'json', TEXT.encode(JSON.stringify(shard))), items: ids.length });
  }
  const files = [rootFile, ...shards.map((shard) => shard.file)].sort();
  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    name: options.name ?? libraryNameOf(tree.folderName),
    contentVersion: await contentHash(TEXT.encode(files.join('\n'))),
    counts: {
      items: items.size,
      folders: [...walkNodes(root.metadata.folders)].length,
      smartFolders: [...walkNodes(root.metadata.smartFolders)].length,
      tagGroups: records(root.metadata.tagsGroups).length,
      thumbnails,
      originals,
    },
    root: rootFile,
    shards,
    files,
  };
  await sink.write('manifest.json', TEXT.encode(`${JSON.stringify(manifest, null, 2)}\n`));
  return { manifest, broken };
}
