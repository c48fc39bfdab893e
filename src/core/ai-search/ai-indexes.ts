/**
 * The AI indexes beyond the visual descriptors (objects, ./objects-store.ts; meaning,
 * ./meaning-index.ts) are turned on for a library as soon as the models that build them are
 * available, not at its first text search: the status endpoints and every search call this, so a
 * library is indexed ahead of the query, and getSyncStatus counts that work before anyone searches.
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

/** Whether the models that build the object and meaning indexes can run here now (cached, and a page that runs them is open). */
export async function modelsAvailable(ctx: Context): Promise<boolean> {
  const media = ctx.imageProcessor;
  if (!media?.detectObjects || !media.embedTexts) return false;
  if (ctx.modelFiles) {
    const files = await ctx.modelFiles.files().catch(() => undefined);
    if (!files || !modelsCached(files)) return false;
  }
  return media.pageConnected ? media.pageConnected().catch(() => false) : true;
}

/**
 * Turns the object and meaning indexes on (once per library) when the models are available, or
 * whatever runs here when `anyway` (a text search: its jobs then wait for a page, counted).
 */
export async function ensureAiIndexes(ctx: Context, library: OpenLibrary, anyway = false): Promise<void> {
  const { db } = library;
  if ((await objectsEnabled(db)) && (await meaningEnabled(db))) return;
  if (!anyway && !(await modelsAvailable(ctx))) return;
  const now = ctx.clock();
  await writeTransaction(library, now, async () => {
    await enableObjects(db, now);
    await enableMeaning(db, now);
  }, { keepsDate: true });
  ctx.media.kick(library);
}
