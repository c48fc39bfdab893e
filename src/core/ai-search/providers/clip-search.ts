/**
 * searchByText with the user's CLIP model: the query is embedded by the page's CLIP worker (the
 * service worker cannot run onnxruntime-web) and items rank by cosine to their image embedding.
 * Without an open page that has the model, the answer is an honest 503.
 */
import type { Context } from '../../context';
import { ApiError } from '../../http/errors';
import type { LibraryDb } from '../../storage/library-db';
import type { ClipManifest } from './clip-manifest';
import { hasClipVectors, rankByClip } from './clip-vectors';

export const OPEN_THE_APP = 'Open the app to use your CLIP model: it runs in a page, and no page with it is open.';

/** Extra candidates read past `limit`, for removed or trashed items the answer leaves out. */
const SLACK = 200;

/** The ranked hits, or undefined when nothing is indexed with the model yet (the built-in signals answer then). */
export async function clipHits(ctx: Context, db: LibraryDb, manifest: ClipManifest, text: string, limit: number) {
  if (!(await hasClipVectors(db, manifest.name))) return undefined;
  const outcome = await ctx.imageProcessor?.clipText?.(text);
  if (!outcome || outcome.status === 'needs-page') throw new ApiError('UNAVAILABLE', OPEN_THE_APP);
  if (outcome.status !== 'done') throw new ApiError('UNAVAILABLE', `Your CLIP model could not embed the query (${outcome.reason}).`);
  if (outcome.model !== manifest.name) throw new ApiError('UNAVAILABLE', `The open page runs the CLIP model "${outcome.model}", not "${manifest.name}": reload it.`);
  const ranked = await rankByClip(db, manifest.name, outcome.embedding);
  return ranked.filter((hit) => hit.score > 0).slice(0, limit + SLACK).map((hit) => ({ ...hit, signals: ['clip'] }));
}
