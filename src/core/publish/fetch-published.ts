/**
 * Reads a published library's files over HTTP, checked: the manifest's format and version, and
 * every other file's bytes against the hash in its name. Each failure names the file.
 */
import { ApiError, invalid } from '../http/errors';
import { DESCRIPTOR_VERSION } from '../ai-search/descriptor-layout';
import { contentHash, FORMAT, FORMAT_VERSION, hashInName, type Manifest, type Shard, type ShardRef } from './published-format';
import { unpackShardDescriptors } from './shard-descriptors';
import { holdsDescriptors, type KeptDescriptors } from './kept-descriptors';
import type { ShardWrite } from './store-shards';
import type { BuiltIndex, IndexCounts, PostingsFile, PublishedIndexRef } from './published-index';

export type Fetch = (url: string) => Promise<Response>;

/** The library's folder URL, ending in "/" (a URL given without it, or to manifest.json, works too). */
export function libraryBase(url: string, base: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw invalid(`url: "${url}" is not a URL.`);
  }
  if (!/^https?:$/.test(parsed.protocol)) throw invalid(`url: "${url}" is not an http(s) URL.`);
  parsed.search = '';
  parsed.hash = '';
  const href = parsed.href.replace(/manifest\.json$/, '');
  return href.endsWith('/') ? href : `${href}/`;
}

async function get(fetch: Fetch, base: string, file: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(new URL(file, base).href);
  } catch (error) {
    throw new ApiError('UNAVAILABLE', `${file}: could not be fetched from ${base} (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!response.ok) throw invalid(`${file}: ${base}${file} answered HTTP ${response.status}.`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A file other than the manifest, its bytes checked against its name. */
export async function fetchChecked(fetch: Fetch, base: string, file: string): Promise<Uint8Array> {
  const expected = hashInName(file);
  if (!expected) throw invalid(`${file}: the manifest lists a file without a content hash in its name.`);
  const bytes = await get(fetch, base, file);
  if ((await contentHash(bytes)) !== expected) throw invalid(`${file}: its bytes do not match the hash in its name (a damaged or half-written file).`);
  return bytes;
}

const parse = (file: string, bytes: Uint8Array): unknown => {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw invalid(`${file}: is not JSON.`);
  }
};

export async function fetchManifest(fetch: Fetch, base: string): Promise<Manifest> {
  const value = parse('manifest.json', await get(fetch, base, 'manifest.json')) as Partial<Manifest> | null;
  if (!value || typeof value !== 'object' || value.format !== FORMAT) throw invalid(`manifest.json: ${base} is not a published library (no "format": "${FORMAT}").`);
  if (value.version !== FORMAT_VERSION) throw invalid(`manifest.json: version ${String(value.version)} of the published format is unknown here (this app reads version ${FORMAT_VERSION}).`);
  const shardsOk =
    Array.isArray(value.shards) && value.shards.every((s) => typeof s?.file === 'string' && hashInName(s.file) && (s.descriptors === undefined || (typeof s.descriptors === 'string' && hashInName(s.descriptors))));
  if (typeof value.name !== 'string' || typeof value.root !== 'string' || !shardsOk || typeof value.contentVersion !== 'string') {
    throw invalid('manifest.json: is missing its name, root, shards or contentVersion.');
  }
  // The item count is what a subscription shows as its total while it loads.
  const items = (value.counts as { items?: unknown } | undefined)?.items;
  if (typeof items !== 'number' || !Number.isSafeInteger(items) || items < 0) {
    throw invalid('manifest.json: counts.items is missing or is not a count of items.');
  }
  const { index } = value;
  const named = (file: unknown) => typeof file === 'string' && hashInName(file) !== undefined;
  if (index !== undefined && !(index && typeof index.layout === 'string' && Array.isArray(index.postings) && index.postings.every(named) && named(index.counts))) {
    throw invalid('manifest.json: its "index" is not a layout with postings and counts files.');
  }
  return value as Manifest;
}

export async function fetchJson<T>(fetch: Fetch, base: string, file: string): Promise<T> {
  return parse(file, await fetchChecked(fetch, base, file)) as T;
}

async function fetchShard(fetch: Fetch, base: string, file: string): Promise<Shard> {
  const shard = await fetchJson<Shard>(fetch, base, file);
  if (!shard || !Array.isArray(shard.items)) throw invalid(`${file}: is not a shard of items.`);
  return shard;
}

/**
 * A shard and, when the manifest names them in a layout this app reads, its items' visual
 * descriptors, fetched together and both checked. Descriptors already `kept` for the same items
 * are not fetched (the write then leaves the stored ones in place).
 */
export async function fetchShardWrite(fetch: Fetch, base: string, manifest: Manifest, ref: ShardRef, kept?: KeptDescriptors): Promise<ShardWrite> {
  const file = ref.descriptors && manifest.descriptorVersion === DESCRIPTOR_VERSION ? ref.descriptors : undefined;
  if (file && kept?.has(file)) {
    const shard = await fetchShard(fetch, base, ref.file);
    if (holdsDescriptors(kept, file, shard.items.map((item) => item.id))) return { file: ref.file, shard };
    return { file: ref.file, shard, descriptors: unpackShardDescriptors(file, shard, await fetchChecked(fetch, base, file)) };
  }
  const [shard, bytes] = await Promise.all([fetchShard(fetch, base, ref.file), file ? fetchChecked(fetch, base, file) : undefined]);
  return bytes && file ? { file: ref.file, shard, descriptors: unpackShardDescriptors(file, shard, bytes) } : { file: ref.file, shard };
}

/** A published index's files, every one fetched and checked (a missing or damaged one is an error naming it). */
export async function fetchIndex(fetch: Fetch, base: string, ref: PublishedIndexRef): Promise<BuiltIndex> {
  const [counts, ...files] = await Promise.all([fetchJson<IndexCounts>(fetch, base, ref.counts), ...ref.postings.map((file) => fetchJson<PostingsFile>(fetch, base, file))]);
  files.forEach((file, i) => {
    if (!file || !Array.isArray(file.rows)) throw invalid(`${ref.postings[i]}: is not a file of posting rows.`);
  });
  if (!counts || typeof counts.tags !== 'object' || typeof counts.folders !== 'object') throw invalid(`${ref.counts}: is not a file of tag and folder counts.`);
  return { postings: files.flatMap((file) => file.rows), counts };
}
