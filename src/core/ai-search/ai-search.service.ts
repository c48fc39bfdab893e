/**
 * The aiSearch searches: searchByItemId and searchByBase64 rank pictures by likeness
 * (./visual-search.ts), searchByText by the signals its words map to (./text-query.ts). Answers are
 * `{results: [{item, score, signals}]}`, best first; a query no signal covers gets no results and
 * says so, instead of random items.
 */
import type { z } from 'zod';
import type { Context, OpenLibrary } from '../context';
import { ApiError, invalid } from '../http/errors';
import { requireItem } from '../items/item-lookup';
import { decodeBase64 } from '../items/item-sources';
import { itemView, type ItemLinks, type ItemView } from '../listing/item-view';
import { isMediaJob } from '../media/media-jobs';
import type { LibraryDb } from '../storage/library-db';
import { limitOf, type byBase64Input, type byItemInput, type byTextInput } from './ai-search.schema';
import { ensureAiIndexes } from './ai-indexes';
import { indexingStatus, partialNote } from './indexing-status';
import { queryEncoder } from './query-encoder';
import { rankByText } from './text-search';
import { syncClipIndex } from './providers/clip-index';
import { clipHits } from './providers/clip-search';
import { descriptorOf, rankByLikeness, type VisualHit } from './visual-search';
import { objectVectorOf, rankWithObjects } from './object-likeness';

/** Pictures ranked by looks before objects re-rank them ("find similar"). */
const SIMILAR_CANDIDATES = 2000;

export interface SearchResult {
  item: ItemView;
  score: number;
  /** Which kinds of evidence matched (ours). */
  signals: string[];
  /** Visual searches: the same picture, re-encoded, resized, brightened, mirrored or cropped. */
  nearDuplicate?: boolean;
}

export interface TextSearchAnswer {
  results: SearchResult[];
  /** What the query was understood as, per signal (ours). */
  understood: { colours: string[]; objects: string[]; metadata: string[]; meaning: string[] };
  /** Words of the query that no signal of this build covers (ours). */
  unmatched: string[];
  /** Why there are no results, or that indexing still runs and the results cover what is indexed so far (ours). */
  message?: string;
  /** The user's CLIP model that ranked the results (ours; absent for the built-in provider). */
  model?: string;
}

interface Hit {
  id: string;
  score: number;
  signals: string[];
  nearDuplicate?: boolean;
}

export async function searchByText(ctx: Context, input: z.output<ReturnType<typeof byTextInput>>): Promise<TextSearchAnswer> {
  const text = (input.query ?? input.text ?? '').trim();
  const library = await ctx.library();
  const { db } = library;
  // Normally on already (the status endpoints turn them on once the models are available).
  await ensureAiIndexes(ctx, library, 'always');
  // The user's own CLIP model, when one is stored and has indexed something, answers instead.
  const manifest = await syncClipIndex(ctx, library);
  const clip = manifest && (await clipHits(ctx, db, manifest, text, limitOf(input)));
  if (clip) {
    const { results } = await answer(db, clip, ctx.itemLinks);
    return { results: results.slice(0, limitOf(input)), understood: { colours: [], objects: [], metadata: [], meaning: [] }, unmatched: [], model: manifest.name };
  }
  const encoder = queryEncoder(ctx);
  const ranking = await rankByText(db, text, limitOf(input), encoder.embed);
  const { hits, understood, unmatched } = ranking;
  const meaningUnavailable = ranking.meaningUnavailable && (encoder.failure() ?? ranking.meaningUnavailable);
  const { results } = await answer(db, hits, ctx.itemLinks);
  const status = await indexingStatus(db);
  const covered = Object.values(understood).some((words) => words.length > 0);
  if (results.length || covered) {
    const found: TextSearchAnswer = { results, understood, unmatched };
    if (status.isSyncing) found.message = results.length ? partialNote(status) : `No item matches "${text}" yet. ${partialNote(status)}`;
    else if (!results.length) found.message = `No item matches "${text}".`;
    return found;
  }
  const message = meaningUnavailable
      ? `No word of "${text}" is an object, a colour or a word of item metadata, and its meaning cannot be read now: ${meaningUnavailable}`
      : `No signal of this build covers "${text}": it understands object names, colour words, and the words and meaning of item names, tags, annotations and folders (see checkServiceHealth.signals).`;
  return { results, understood, unmatched, message };
}

export async function searchByItemId(ctx: Context, input: z.output<ReturnType<typeof byItemInput>>): Promise<VisualAnswer> {
  const library = await ctx.library();
  const query = await itemDescriptor(ctx, library, input.itemId);
  // With objects in the picture, a wider field ranked by looks is re-ranked by objects; without, looks alone.
  const objects = await objectVectorOf(library.db, input.itemId);
  const byLooks = await rankByLikeness(library.db, query, objects ? Math.max(SIMILAR_CANDIDATES, limitOf(input)) : limitOf(input), input.itemId);
  const ranked = objects ? await rankWithObjects(library.db, objects, byLooks, limitOf(input)) : byLooks;
  return withIndexingNote(library.db, await answer(library.db, visualHits(ranked), ctx.itemLinks));
}

export async function searchByBase64(ctx: Context, input: z.output<ReturnType<typeof byBase64Input>>): Promise<VisualAnswer> {
  const { blob } = decodeBase64(input.base64, 'base64');
  if (!ctx.imageProcessor) throw new ApiError('UNAVAILABLE', 'No image decoder is available here: searchByBase64 needs the service worker.');
  const outcome = await ctx.imageProcessor.process({ kind: 'raster', blob, mime: '' });
  if (outcome.status !== 'done') throw invalid(`base64: is not an image this browser can decode (${outcome.reason}).`);
  const library = await ctx.library();
  return withIndexingNote(library.db, await answer(library.db, visualHits(await rankByLikeness(library.db, outcome.descriptor, limitOf(input))), ctx.itemLinks));
}

export interface VisualAnswer {
  results: SearchResult[];
  /** Set while indexing runs: the results cover the pictures indexed so far (ours). */
  message?: string;
}

async function withIndexingNote(db: LibraryDb, found: { results: SearchResult[] }): Promise<VisualAnswer> {
  const status = await indexingStatus(db);
  return status.isSyncing ? { ...found, message: partialNote(status) } : found;
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

const visualHits = (hits: readonly VisualHit[]): Hit[] => hits.map((hit) => ({ ...hit, signals: ['visual'] }));

async function answer(db: LibraryDb, hits: readonly Hit[], links: ItemLinks): Promise<{ results: SearchResult[] }> {
  const rows = await db.items.where('id').anyOf(hits.map((hit) => hit.id)).toArray();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: SearchResult[] = [];
  for (const hit of hits) {
    const row = byId.get(hit.id);
    if (!row || row.isDeleted) continue;
    const result: SearchResult = { item: itemView(row, links), score: round(hit.score), signals: hit.signals };
    if (hit.nearDuplicate !== undefined) result.nearDuplicate = hit.nearDuplicate;
    results.push(result);
  }
  return { results };
}

const round = (score: number) => Math.round(score * 10000) / 10000;
