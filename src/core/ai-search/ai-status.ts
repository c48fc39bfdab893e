/**
 * The aiSearch status endpoints, from what IndexedDB holds (a stopped service worker forgets
 * nothing) and what the page's media workers say they have loaded. The built-in provider answers
 * visual, colour and word searches with no model, so it is installed and ready; it is starting
 * while a page's worker loads a model. Indexing is the media queue: every queued job (thumbnail,
 * descriptor, objects, text) is an item waiting.
 */
import type { Context } from '../context';
import { describedCount } from './descriptor-store';
import { MEANING_MODEL, OBJECT_MODEL, type ModelState } from './model-names';

/** The built-in provider, named honestly: not CLIP (docs/decisions/ai-search.md). */
export const PROVIDER = 'offline-v1';
/** Which kinds of evidence this build can match. */
export const SIGNALS = ['visual', 'colour', 'object', 'metadata', 'meaning'] as const;
/** Models of this build and where they run (only in a page's media worker: TF.js stays out of the service worker). */
export const MODELS = [
  { name: OBJECT_MODEL, signal: 'object', runsIn: 'page media worker' },
  { name: MEANING_MODEL, signal: 'meaning', runsIn: 'page media worker' },
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

/** Each model with its state in the connected page's media workers (`idle`: not loaded, or no page). */
async function modelsNow(ctx: Context) {
  const states = (await ctx.imageProcessor?.modelStates?.().catch(() => ({}))) ?? {};
  return MODELS.map((model) => ({ ...model, state: (states as Record<string, ModelState>)[model.name] ?? 'idle' }));
}

export async function serviceHealth(ctx: Context) {
  return { healthy: true, provider: PROVIDER, signals: [...SIGNALS], models: await modelsNow(ctx) };
}

/** True while a page's media worker loads a model (searches that need it wait for it meanwhile). */
export async function isStarting(ctx: Context): Promise<boolean> {
  return (await modelsNow(ctx)).some((model) => model.state === 'loading');
}
