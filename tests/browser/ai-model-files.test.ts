// The AI models' files through the real service worker (issue 24, point 6): a model file a page
// fetches is streamed through the worker's lazy route, counted, cached under its revision and then
// no longer reported. The indexes starting by themselves once the models are cached:
// ai-search-indexing.test.ts; the download progress and the missing-model message with the network
// cut (through the worker too): tests/e2e/ai-models-first-use.test.ts.
import { describe, expect, it } from 'vitest';
import { cacheModels, MODEL_FILES } from './ai-indexing';

/** The worker's download records (src/sw/model-downloads.ts), by path. */
async function downloadRecords(): Promise<Record<string, unknown>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('model-downloads');
    request.onupgradeneeded = () => request.result.createObjectStore('files');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const store = db.transaction('files').objectStore('files');
    const [keys, values] = await Promise.all(
      [store.getAllKeys(), store.getAll()].map((request) => new Promise<unknown[]>((resolve, reject) => ((request.onsuccess = () => resolve(request.result)), (request.onerror = () => reject(request.error))))),
    );
    return Object.fromEntries(keys!.map((key, i) => [String(key), values![i]]));
  } finally {
    db.close();
  }
}

describe('AI model files through the service worker', () => {
  it('caches each model file under its build revision and keeps no download record once cached', async () => {
    await cacheModels();
    const keys = (await (await caches.open('lazy-assets')).keys()).map((request) => new URL(request.url));
    for (const path of MODEL_FILES) {
      const key = keys.find((url) => url.pathname === path);
      expect(key?.searchParams.get('revision'), path).toMatch(/^[0-9a-f]{16}$/);
    }
    const records = await downloadRecords();
    for (const path of MODEL_FILES) expect(records[path.slice(1)], path).toBeUndefined();
  }, 120_000);

});
