/**
 * Shared by the browser AI-search tests: this page's media worker (the detector and the sentence
 * encoder run there, as in the app's page), and waiting for the library's AI indexing to finish.
 */
import { afterEach } from 'vitest';
import type { ApiClient } from '../../src/app/api-client';
import { startMediaHost, type MediaHost } from '../../src/app/media/media-host';

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

/** Polls getSyncStatus until nothing is left to index and at least `expected` items are; throws after 2 minutes. */
export async function whenIndexed(client: ApiClient, expected = 0): Promise<SyncStatus> {
  for (let tries = 0; tries < 1200; tries++) {
    const status = await client.get<SyncStatus>('/aiSearch/getSyncStatus');
    if (!status.isSyncing && status.syncedCount >= expected) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('AI indexing never finished.');
}
