/**
 * Keeps a library's CLIP index in step with the model stored in the browser (clip-model-store.ts):
 * when the model appears or changes, the old vectors go and every item with a thumbnail gets a
 * `clip` job (run by the page's CLIP worker, resumable like every media job), as does every item
 * whose thumbnail becomes ready later (added, refreshed); when the model is removed, its
 * vectors and jobs go. Checked by the aiSearch endpoints, so a model picked in one tab is taken up
 * by the next status poll or search. The state row `ai-clip` names the model the index is for.
 */
import type { Context, OpenLibrary } from '../../context';
import { CLIP_JOB, clipJob } from '../../media/media-jobs';
import type { ItemObserver } from '../../storage/item-changes';
import type { LibraryDb } from '../../storage/library-db';
import { writeTransaction } from '../../storage/write';
import type { ClipManifest } from './clip-manifest';
import { clipManifest, clipModelStore, clipModelVersion } from './clip-model-store';
import { clearClipVectors } from './clip-vectors';

const STATE_KEY = 'ai-clip';
/** Which putting of that model (clipModelVersion): a model picked again under its name is indexed again. */
const VERSION_KEY = 'ai-clip-version';

export const userClipModel = (ctx: Context): Promise<ClipManifest | undefined> => clipManifest(clipModelStore(ctx.registry.namespace));

async function indexedModel(db: LibraryDb): Promise<string | undefined> {
  return (await db.state.get(STATE_KEY))?.value as string | undefined;
}

const indexedVersion = async (db: LibraryDb) => (await db.state.get(VERSION_KEY))?.value as string | undefined;

/** Brings the library's index to the stored model; returns that model (undefined: none). */
export async function syncClipIndex(ctx: Context, library: OpenLibrary): Promise<ClipManifest | undefined> {
  const store = clipModelStore(ctx.registry.namespace);
  const [manifest, version] = await Promise.all([clipManifest(store), clipModelVersion(store)]);
  const { db } = library;
  const current = async () => (await indexedModel(db)) === manifest?.name && (await indexedVersion(db)) === version;
  if (await current()) return manifest;
  const now = ctx.clock();
  let queued = false;
  await writeTransaction(library, now, async () => {
    if (await current()) return;
    await clearClipVectors(db);
    await db.jobs.where('id').startsWith(`${CLIP_JOB}:`).delete();
    if (!manifest) {
      await db.state.bulkDelete([STATE_KEY, VERSION_KEY]);
      return;
    }
    await db.state.put({ key: STATE_KEY, value: manifest.name });
    if (version === undefined) await db.state.delete(VERSION_KEY);
    else await db.state.put({ key: VERSION_KEY, value: version });
    const ids = (await db.thumbnails.toCollection().primaryKeys()) as string[];
    await db.jobs.bulkPut(ids.map((id) => clipJob(id, now, manifest.name)));
    queued = ids.length > 0;
  }, { keepsDate: true });
  // Queued outside any drain (a status poll or a search): nothing else wakes the runner for them.
  if (queued) ctx.media.kick(library);
  return manifest;
}

/** An item observer: an item whose thumbnail became ready gets a `clip` job while a model is indexed. */
export const clipIndex: ItemObserver = async (db, changes, now) => {
  const ready = changes.flatMap(({ before, after }) => (after?.thumbnail === 'ready' && before?.thumbnail !== 'ready' ? [after.id] : []));
  if (!ready.length) return;
  const model = await indexedModel(db);
  if (model) await db.jobs.bulkPut(ready.map((id) => clipJob(id, now, model)));
};
