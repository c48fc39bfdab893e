/**
 * The aiSearch status endpoints, from what IndexedDB holds (a stopped service worker forgets
 * nothing). The built-in provider needs no model to load: it is installed, never starting, and
 * ready. Indexing is the media queue: every queued job is an item waiting for its descriptor.
 */
import type { Context } from '../context';
import { describedCount } from './descriptor-store';
import { syncClipIndex } from './providers/clip-index';
import { clipVectorCount } from './providers/clip-vectors';

/** The built-in provider, named honestly: not CLIP (docs/decisions/ai-search.md). */
export const PROVIDER = 'offline-v1';
/** Which kinds of evidence this build can match. */
export const SIGNALS = ['visual', 'colour', 'object', 'metadata'] as const;
/** Models of this build and where they run (the detector only in a page's media worker). */
export const MODELS = [{ name: 'centernet-coco80@human-3.3.6', signal: 'object', runsIn: 'page media worker' }];

export interface SyncStatus {
  isSyncing: boolean;
  syncedCount: number;
  totalCount: number;
  progress: number;
}

export async function syncStatus(ctx: Context): Promise<SyncStatus> {
  const library = await ctx.library();
  const { db } = library;
  // A model picked (or removed) in a page since the last call is taken up here.
  await syncClipIndex(ctx, library);
  const [syncedCount, waiting] = await Promise.all([describedCount(db), db.jobs.count()]);
  const totalCount = syncedCount + waiting;
  return { isSyncing: waiting > 0, syncedCount, totalCount, progress: totalCount === 0 ? 1 : syncedCount / totalCount };
}

/** The user's own CLIP model as the status endpoints report it (docs/decisions/bring-your-own-clip.md). */
export interface UserClipStatus {
  loaded: boolean;
  name?: string;
  dims?: number;
  /** Items of this library with an embedding of it. */
  indexedCount?: number;
  runsIn?: string;
}

export async function serviceHealth(ctx: Context) {
  const library = await ctx.library();
  const manifest = await syncClipIndex(ctx, library);
  const clip: UserClipStatus = manifest
    ? { loaded: true, name: manifest.name, dims: manifest.dims, indexedCount: await clipVectorCount(library.db, manifest.name), runsIn: 'page CLIP worker (onnxruntime-web)' }
    : { loaded: false };
  return { healthy: true, provider: PROVIDER, signals: manifest ? ['clip', ...SIGNALS] : [...SIGNALS], models: MODELS, clip };
}

