/**
 * Model file downloads as they pass through the lazy route (./lazy-cache.ts): bytes counted as
 * they stream, and why a download failed (offline, no room in the cache), kept in IndexedDB so that
 * a stopped worker forgets nothing; the AI status reads them through ModelFilesPort
 * (src/core/ai-search/model-files.ts, docs/decisions/lazy-models.md).
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { ModelFile, ModelFileFailure, ModelFilesPort } from '../core/ai-search/model-files';

interface DownloadRecord {
  /** Bytes received so far, while the download runs. */
  received?: number;
  failed?: ModelFileFailure;
  /** When the record was last written: a running download not heard from for STALE_MS died with its worker. */
  at: number;
}

const STALE_MS = 20_000;
/** Progress is written at most this often while a file streams. */
const WRITE_MS = 250;

let store: UseStore | undefined;
const records = () => (store ??= createStore('model-downloads', 'files'));

export const isModelPath = (path: string) => /(^|\/)models\//.test(path);

export async function noteFailure(path: string, failed: ModelFileFailure): Promise<void> {
  await set(path, { failed, at: Date.now() } satisfies DownloadRecord, records());
}

/** The file is cached: nothing left to report. */
export const noteCached = (path: string) => del(path, records());

/**
 * The response with its body counted as it streams; the count is written to IndexedDB as it grows.
 * `written` settles once the last count is stored, so the outcome noted after it is never overwritten.
 */
export function counted(path: string, response: Response): { response: Response; written: () => Promise<void> } {
  let writing = Promise.resolve();
  if (!response.body) return { response, written: () => writing };
  let received = 0;
  let writtenAt = 0;
  const write = () => (writing = writing.then(() => set(path, { received, at: Date.now() } satisfies DownloadRecord, records())).catch(() => undefined));
  void write();
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength;
      if (Date.now() - writtenAt >= WRITE_MS) {
        writtenAt = Date.now();
        void write();
      }
      controller.enqueue(chunk);
    },
  });
  const body = response.body.pipeThrough(counter);
  return { response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }), written: () => writing };
}

/** The model files of the build (path relative to the site and size), with what the cache and the records say. */
export function modelFilesPort(listed: () => { path: string; size: number; key: string }[], cacheName: string): ModelFilesPort {
  return {
    async files(): Promise<ModelFile[]> {
      const models = listed();
      if (models.length === 0) return [];
      const [keys, saved] = await Promise.all([caches.open(cacheName).then((cache) => cache.keys()), entries<string, DownloadRecord>(records())]);
      const cached = new Set(keys.map((request) => request.url));
      const byPath = new Map(saved);
      const now = Date.now();
      return models.map(({ path, size, key }): ModelFile => {
        const file: ModelFile = { path, size, cached: cached.has(key) };
        const record = byPath.get(path);
        if (file.cached || !record) return file;
        if (record.received !== undefined && now - record.at < STALE_MS) file.received = record.received;
        if (record.failed) file.failed = record.failed;
        return file;
      });
    },
  };
}
