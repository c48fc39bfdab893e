/**
 * Shared by the browser AI-search tests: this page's media worker (the detector and the sentence
 * encoder run there, as in the app's page), and waiting for the library's AI indexing to finish.
 */
import { afterEach } from 'vitest';
import type { ApiClient } from '../loose-client';
import { startMediaHost, type MediaHost } from '../../src/app/media/media-host';
import { controlledBy } from './service-worker';

export interface SyncStatus {
  isSyncing: boolean;
  syncedCount: number;
  totalCount: number;
  progress: number;
}

/** Starts the page's media worker for a test (call inside it); the worker stops after the test. */
export function useMediaHost(): () => MediaHost {
  let host: MediaHost | undefined;
  afterEach(() => {
    host?.stop();
    host = undefined;
  });
  return () => (host ??= startMediaHost());
}

/** The model files the detector and the sentence encoder need (docs/decisions/lazy-models.md). */
export const MODEL_FILES = ['/models/centernet.json', '/models/centernet.bin', '/models/use/model.json', '/models/use/weights.bin', '/models/use/vocab.json', '/models/tfjs-backend-wasm-simd.wasm'];

/** Paths of the model files the service worker's lazy cache holds. */
export async function cachedModelFiles(): Promise<string[]> {
  return (await (await caches.open('lazy-assets')).keys()).map((request) => new URL(request.url).pathname).filter((path) => MODEL_FILES.includes(path));
}

/**
 * Downloads every model file through the service worker, which caches them, and waits until it
 * has (as "Make AI search available offline" does): from then on the models count as available.
 */
export async function cacheModels(): Promise<void> {
  await controlledBy();
  for (const path of MODEL_FILES) {
    const response = await fetch(path);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  }
  for (let tries = 0; tries < 100; tries++) {
    if ((await cachedModelFiles()).length === MODEL_FILES.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The worker cached only ${(await cachedModelFiles()).join(', ')}.`);
}

/** Polls getSyncStatus until nothing is left to index and at least `expected` items are; throws after 2 minutes. */
export async function whenIndexed(client: ApiClient, expected = 0): Promise<SyncStatus> {
  for (let tries = 0; tries < 1200; tries++) {
    const status = await client.get<SyncStatus>('/aiSearch/getSyncStatus');
    if (!status.isSyncing && status.syncedCount >= expected) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('AI indexing never finished.');
}
