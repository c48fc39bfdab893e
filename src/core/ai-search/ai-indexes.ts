/**
 * The AI indexes beyond the visual descriptors (objects, ./objects-store.ts; meaning,
 * ./meaning-index.ts) are turned on for a library as soon as the models that build them are
 * available, not at its first text search: the status endpoints and every search call this, so a
 * library is indexed ahead of the query, and getSyncStatus counts that work before anyone searches.
 * A status call that is not only a look starts them as soon as a page can run the models, which then
 * fetches their files (docs/decisions/ai-status.md).
 * "Available" is what the service worker's media processor offers: a detector and a sentence
 * encoder, with a page connected whose media worker runs them, and their files already cached on
 * this device: a device that never used AI search downloads no model when the app opens (the first
 * text search, or "Make AI search available offline", fetches them; docs/decisions/lazy-models.md).
 * Turning them on queues every item once; from then on
 * the item observers queue new and changed items in the same transaction.
 */
import type { Context, OpenLibrary } from '../context';
import { writeTransaction } from '../storage/write';
import { enableMeaning, meaningEnabled } from './meaning-index';
import { modelsCached } from './model-files';
import { enableObjects, objectsEnabled } from './objects-store';

/** Whether a page that runs the models that build the object and meaning indexes is connected (their files may still be to fetch). */
export async function modelsRunnable(ctx: Context): Promise<boolean> {
  const media = ctx.imageProcessor;
  if (!media?.detectObjects || !media.embedTexts) return false;
  return media.pageConnected ? media.pageConnected().catch(() => false) : true;
}

/** Whether the models that build the object and meaning indexes can run here now (cached, and a page that runs them is open). */
export async function modelsAvailable(ctx: Context): Promise<boolean> {
  if (ctx.modelFiles) {
    const files = await ctx.modelFiles.files().catch(() => undefined);
    if (!files || !modelsCached(files)) return false;
  }
  return modelsRunnable(ctx);
}

/**
 * When to turn the indexes on: `available` (the models are cached and can run: a watching status
 * bar), `runnable` (a page can run them, fetching their files: a status call, an AI use,
 * docs/decisions/ai-status.md), `always` (a text search: its jobs then wait for a page, counted).
 */
export type IndexStart = 'available' | 'runnable' | 'always';

/** Turns the object and meaning indexes on (once per library) when `start` allows it now. */
export async function ensureAiIndexes(ctx: Context, library: OpenLibrary, start: IndexStart = 'available'): Promise<void> {
  const { db } = library;
  if ((await objectsEnabled(db)) && (await meaningEnabled(db))) return;
  if (start === 'available' && !(await modelsAvailable(ctx))) return;
  if (start === 'runnable' && !(await modelsRunnable(ctx))) return;
  const now = ctx.clock();
  await writeTransaction(library, now, async () => {
    await enableObjects(db, now);
    await enableMeaning(db, now);
  }, { keepsDate: true });
  ctx.media.kick(library);
}
