// The AI status tells the truth on a fresh origin (issue 43, point 1), through the real service
// worker and this page's media worker, with the model files served as the build serves them (not
// cached yet): a script that follows the contract's order (poll isReady, then search) gets the full
// answer from its first search, and the status says "preparing" until the models are in.
import { expect, it } from 'vitest';
import { MODEL_FILES, useMediaHost, type SyncStatus } from './ai-indexing';
import { controlledBy, isolatedClient } from './service-worker';

interface Answer {
  results: { item: { id: string } }[];
  message?: string;
}

const mediaHost = useMediaHost();

/** A fresh origin as far as the models go: none of their files in the worker's lazy cache. */
async function forgetModels(): Promise<void> {
  await controlledBy();
  const cache = await caches.open('lazy-assets');
  for (const request of await cache.keys()) if (MODEL_FILES.includes(new URL(request.url).pathname)) await cache.delete(request);
}

it('on a fresh origin, polling isReady then searching "invoice" finds the receipt first at the first search', async () => {
  await forgetModels();
  mediaHost();
  const { client } = await isolatedClient();
  const add = async (annotation: string) => (await client.post<{ id: string }>('/item/add', { bookmarkURL: 'https://example.test/page', name: 'bookmark', annotation })).id;
  const receipt = await add('receipt for the hotel bill');
  await add('quarterly tax report');
  await add('puppy playing in the park');
  // The first status call is the first AI use: the meaning and object indexes start, and wait for the models.
  const first = await client.get<SyncStatus & { preparing?: { doneBytes: number; totalBytes: number } }>('/aiSearch/getSyncStatus');
  expect(first).toMatchObject({ isSyncing: true, totalCount: 3 });
  expect(first.progress).toBeLessThan(1);
  expect(first.preparing?.totalBytes).toBeGreaterThan(0);
  let ready = false;
  for (let tries = 0; tries < 1200 && !ready; tries++) {
    ready = await client.get<boolean>('/aiSearch/isReady');
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(ready).toBe(true);
  expect(await client.get('/aiSearch/getSyncStatus')).toEqual({ isSyncing: false, syncedCount: 3, totalCount: 3, progress: 1 });
  const invoice = await client.post<Answer>('/aiSearch/searchByText', { query: 'invoice' });
  expect(invoice.message).toBeUndefined();
  expect(invoice.results[0]?.item.id).toBe(receipt);
}, 180_000);
