/**
 * aiSearch/searchByItemId and searchByBase64: pictures ranked by likeness (./visual-search.ts),
 * answered as `{results: [{item, score, signals, nearDuplicate}]}`, best first.
 */
import type { z } from 'zod';
import type { Context, OpenLibrary } from '../context';
import { ApiError, invalid } from '../http/errors';
import { requireItem } from '../items/item-lookup';
import { decodeBase64 } from '../items/item-sources';
import { itemView, type ItemView } from '../items/item-view';
import { isMediaJob } from '../media/media-jobs';
import type { LibraryDb } from '../storage/library-db';
import { limitOf, type byBase64Input, type byItemInput } from './ai-search.schema';
import { descriptorOf, rankByLikeness, type VisualHit } from './visual-search';

export interface SearchResult {
  item: ItemView;
  score: number;
  /** Which kinds of evidence matched (ours). */
  signals: string[];
  /** The same picture, re-encoded, resized, brightened, mirrored or cropped. */
  nearDuplicate: boolean;
}

export async function searchByItemId(ctx: Context, input: z.output<typeof byItemInput>): Promise<{ results: SearchResult[] }> {
  const library = await ctx.library();
  const query = await itemDescriptor(ctx, library, input.itemId);
  return answer(library.db, await rankByLikeness(library.db, query, limitOf(input), input.itemId));
}

export async function searchByBase64(ctx: Context, input: z.output<typeof byBase64Input>): Promise<{ results: SearchResult[] }> {
  const { blob } = decodeBase64(input.base64, 'base64');
  if (!ctx.imageProcessor) throw new ApiError('UNAVAILABLE', 'No image decoder is available here: searchByBase64 needs the service worker.');
  const outcome = await ctx.imageProcessor.process({ kind: 'raster', blob, mime: '' });
  if (outcome.status !== 'done') throw invalid(`base64: is not an image this browser can decode (${outcome.reason}).`);
  const library = await ctx.library();
  return answer(library.db, await rankByLikeness(library.db, outcome.descriptor, limitOf(input)));
}

/** The item's descriptor; waits (as refreshThumbnail does) for a queued job that will make it. */
async function itemDescriptor(ctx: Context, library: OpenLibrary, itemId: string): Promise<Uint8Array> {
  const { db } = library;
  let row = await requireItem(db, itemId, 'itemId');
  if (row.descriptorShard === undefined) {
    const job = (await db.jobs.where('itemId').equals(itemId).toArray()).find(isMediaJob);
    if (job) {
      await ctx.media.wait(library, job);
      row = await requireItem(db, itemId, 'itemId');
    }
  }
  const descriptor = await descriptorOf(db, itemId, row.descriptorShard);
  if (descriptor) return descriptor;
  if (await db.jobs.where('itemId').equals(itemId).count()) {
    throw new ApiError('UNAVAILABLE', `itemId: item "${itemId}" is not indexed yet (its thumbnail is still being made); try again shortly.`);
  }
  throw invalid(`itemId: item "${itemId}" has no picture to compare (a bookmark, or a file no thumbnail could be made from).`);
}

async function answer(db: LibraryDb, hits: readonly VisualHit[]): Promise<{ results: SearchResult[] }> {
  const rows = await db.items.where('id').anyOf(hits.map((hit) => hit.id)).toArray();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: SearchResult[] = [];
  for (const hit of hits) {
    const row = byId.get(hit.id);
    if (!row || row.isDeleted) continue;
    results.push({ item: itemView(row), score: round(hit.score), signals: ['visual'], nearDuplicate: hit.nearDuplicate });
  }
  return { results };
}

const round = (score: number) => Math.round(score * 10000) / 10000;
