/**
 * The aiSearch status endpoints, from what IndexedDB holds (a stopped service worker forgets
 * nothing). The built-in provider needs no model to load: it is installed, never starting, and
 * ready. Indexing is the media queue: every queued job is an item waiting for its descriptor.
 */
import type { Context } from '../context';
import { describedCount } from './descriptor-store';

/** The built-in provider, named honestly: not CLIP (docs/decisions/ai-search.md). */
export const PROVIDER = 'offline-v1';
/** Which kinds of evidence this build can match. */
export const SIGNALS = ['visual', 'colour', 'object', 'metadata', 'meaning'] as const;
/** Models of this build and where they run (only in a page's media worker: TF.js stays out of the service worker). */
export const MODELS = [
  { name: 'centernet-coco80@human-3.3.6', signal: 'object', runsIn: 'page media worker' },
  { name: 'use-lite-u8@model-embeddings-en-0.2.0', signal: 'meaning', runsIn: 'page media worker' },
];

export interface SyncStatus {
  isSyncing: boolean;
  syncedCount: number;
  totalCount: number;
  progress: number;
}

export async function syncStatus(ctx: Context): Promise<SyncStatus> {
  const { db } = await ctx.library();
  const [syncedCount, waiting] = await Promise.all([describedCount(db), db.jobs.count()]);
  const totalCount = syncedCount + waiting;
  return { isSyncing: waiting > 0, syncedCount, totalCount, progress: totalCount === 0 ? 1 : syncedCount / totalCount };
}

export function serviceHealth() {
  return { healthy: true, provider: PROVIDER, signals: [...SIGNALS], models: MODELS };
}
