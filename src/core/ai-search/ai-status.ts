/**
 * The aiSearch status endpoints, from what IndexedDB holds (a stopped service worker forgets
 * nothing) and what the page's media workers say they have loaded. The built-in provider answers
 * visual, colour and word searches with no model, so it is installed; it is ready once a search
 * covers every item, and starting while the models are still to come or a page's worker loads one. Indexing is counted in items (./indexing-status.ts).
 */
import type { Context } from '../context';
import { ensureAiIndexes } from './ai-indexes';
import { indexingStatus, type SyncStatus } from './indexing-status';
import { missingModelsMessage, modelsPreparation } from './model-files';
import { meaningEnabled } from './meaning-index';
import { MEANING_MODEL, OBJECT_MODEL, type ModelState } from './model-names';
import { syncClipIndex } from './providers/clip-index';
import { clipVectorCount } from './providers/clip-vectors';

/** The built-in provider, named honestly: not CLIP (docs/decisions/ai-search.md). */
export const PROVIDER = 'offline-v1';
/** Which kinds of evidence this build can match. */
export const SIGNALS = ['visual', 'colour', 'object', 'metadata', 'meaning'] as const;
/** Models of this build and where they run (only in a page's media worker: TF.js stays out of the service worker). */
export const MODELS = [
  { name: OBJECT_MODEL, signal: 'object', runsIn: 'page media worker' },
  { name: MEANING_MODEL, signal: 'meaning', runsIn: 'page media worker' },
];

export type { SyncStatus };

/** The status routes' input: `watch` looks without it being an AI use (./ai-search.schema.ts). */
export interface StatusInput {
  watch?: boolean | undefined;
}

/**
 * A status call is an AI use, as a search is (a script polls the status before its first search):
 * with a page that runs the models connected, it turns the object and meaning indexes on, whose
 * jobs make the page's media worker fetch the models, so `progress: 1` means a search now covers every item. `watch` (the app's status bar)
 * only looks: opening the app downloads no model (docs/decisions/ai-status.md).
 */
export async function syncStatus(ctx: Context, input: StatusInput = {}): Promise<SyncStatus> {
  const library = await ctx.library();
  // Indexes whose models became available, and a model picked (or removed) in a page since the last call, are taken up here.
  await ensureAiIndexes(ctx, library, input.watch ? 'available' : 'runnable');
  await syncClipIndex(ctx, library);
  const indexing = await indexingStatus(library.db, { jobs: input.watch === true });
  // Queued work waits for the models only once their indexes are on (thumbnails and descriptors need none).
  const waiting = indexing.isSyncing && (await meaningEnabled(library.db));
  return { ...indexing, ...(await modelsStatus(ctx, waiting)) };
}

/** True once nothing is queued and no model is still to come: a search now covers every item. */
export async function isReady(ctx: Context, input: StatusInput = {}): Promise<boolean> {
  const status = await syncStatus(ctx, input);
  return !status.isSyncing && !status.preparing;
}

/** The models' progress (downloading, or still to come for queued work), or why they are missing (docs/decisions/lazy-models.md); nothing once they are cached. */
async function modelsStatus(ctx: Context, waiting: boolean): Promise<Pick<SyncStatus, 'preparing' | 'message'>> {
  const files = (await ctx.modelFiles?.files().catch(() => undefined)) ?? [];
  const preparing = modelsPreparation(files, waiting);
  if (preparing) return { preparing };
  const message = missingModelsMessage(files);
  return message ? { message } : {};
}

/** Each model with its state in the connected page's media workers (`idle`: not loaded, or no page). */
async function modelsNow(ctx: Context) {
  const states = (await ctx.imageProcessor?.modelStates?.().catch(() => ({}))) ?? {};
  return MODELS.map((model) => ({ ...model, state: (states as Record<string, ModelState>)[model.name] ?? 'idle' }));
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
  return { healthy: true, provider: PROVIDER, signals: manifest ? ['clip', ...SIGNALS] : [...SIGNALS], models: await modelsNow(ctx), clip };
}

/** True while the models are still to come for queued work, or a page's media worker loads one (searches that need it wait meanwhile). */
export async function isStarting(ctx: Context, input: StatusInput = {}): Promise<boolean> {
  if ((await syncStatus(ctx, input)).preparing) return true;
  return (await modelsNow(ctx)).some((model) => model.state === 'loading');
}
