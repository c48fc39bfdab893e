/** The precache list of a build: each file with a content hash as its revision (workbox-precaching's PrecacheEntry). */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { LAZY_ASSET } from '../src/sw/lazy-assets.ts';

export interface PrecacheFile {
  /** Path relative to the build's root (where sw.js sits), e.g. `assets/index-3f2a.js`. */
  fileName: string;
  source: string | Uint8Array;
}

export interface PrecacheEntry {
  url: string;
  revision: string;
}

/**
 * Never precached: source maps and Vite's own manifests (and the worker itself, which the browser
 * keeps); the AI models and onnxruntime-web's WASM (LAZY_ASSET) are cached when first used instead
 * (src/sw/lazy-cache.ts, listed by `lazyManifest`).
 */
const SKIPPED = [/\.map$/, /^\.vite\//, LAZY_ASSET];

/** A file's revision: the start of its content's SHA-256. */
export const revisionOf = (source: string | Uint8Array) => createHash('sha256').update(source).digest('hex').slice(0, 16);

export function precacheManifest(files: readonly PrecacheFile[], workerFile: string): PrecacheEntry[] {
  const seen = new Set<string>();
  const entries: PrecacheEntry[] = [];
  for (const { fileName, source } of files) {
    if (fileName === workerFile || SKIPPED.some((pattern) => pattern.test(fileName)) || seen.has(fileName)) continue;
    seen.add(fileName);
    entries.push({ url: fileName, revision: revisionOf(source) });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * What a first install precaches (src/sw/app-shell.ts): the app page and every file it names (its
 * script, the chunks Vite preloads with it, its stylesheet, manifest and icon), the rest of the list
 * filled once the worker runs. Paths as in the list, relative to sw.js.
 */
export function startFiles(files: readonly PrecacheFile[], page = 'index.html'): string[] {
  const html = files.find((file) => file.fileName === page)?.source;
  if (html === undefined) return [];
  const names = new Set(files.map((file) => file.fileName));
  const text = typeof html === 'string' ? html : Buffer.from(html).toString('utf8');
  const named = [...text.matchAll(/\s(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g)].map((match) =>
    (match[1] ?? match[2] ?? match[3]!).replace(/[?#].*$/, '').replace(/^(\.\/)+/, '').replace(/^\//, ''),
  );
  const start = [page, ...new Set(named.filter((name) => names.has(name)))].sort();
  // A page whose script is not found would install a worker that cannot start the app offline.
  if (!start.some((name) => name.endsWith('.js'))) throw new Error(`${page} names no script of the build: the first install would lack the app.`);
  return start;
}

/** Files of Vite's public directory, which the build copies beside the bundle as they are. */
export async function publicFiles(publicDir: string): Promise<PrecacheFile[]> {
  if (!publicDir) return [];
  const names = await readdir(publicDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = names.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (path) => ({ fileName: relative(publicDir, path).split(sep).join('/'), source: await readFile(path) })));
}

/** A lazy file: its size lets the worker report a model download in bytes before it ends (docs/decisions/lazy-models.md). */
export interface LazyEntry extends PrecacheEntry {
  size: number;
}

const byteLength = (source: string | Uint8Array) => (typeof source === 'string' ? Buffer.byteLength(source) : source.byteLength);

/** The build's lazy files (cached on first use, src/sw/lazy-cache.ts), each with a content hash as its revision, and its size. */
export function lazyManifest(files: readonly PrecacheFile[]): LazyEntry[] {
  const entries = new Map<string, LazyEntry>();
  for (const { fileName, source } of files) {
    if (!LAZY_ASSET.test(fileName) || entries.has(fileName)) continue;
    entries.set(fileName, { url: fileName, revision: revisionOf(source), size: byteLength(source) });
  }
  return [...entries.values()].sort((a, b) => a.url.localeCompare(b.url));
}
