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
import { itemView, type ItemView } from '../items/item-view';
import { isMediaJob } from '../media/media-jobs';
import type { LibraryDb } from '../storage/library-db';
import { limitOf, type byBase64Input, type byItemInput, type byTextInput } from './ai-search.schema';
import { MIN_SHARE, rankByColours } from './colour-search';
import { COLOUR_NAMES } from './colour-names';
import { COLOURS_AT } from './descriptor-layout';
import { rankByObjects } from './object-search';
import { enableObjects, objectsEnabled } from './objects-store';
import { writeTransaction } from '../storage/write';
import { readTextQuery } from './text-query';
import { descriptorOf, rankByLikeness, type VisualHit } from './visual-search';

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
  understood: { colours: string[]; objects: string[] };
  /** Words of the query that no signal of this build covers (ours). */
  unmatched: string[];
  /** Why there are no results, when no signal covers the query (ours). */
  message?: string;
}

interface Hit {
  id: string;
  score: number;
  signals: string[];
  nearDuplicate?: boolean;
}

export async function searchByText(ctx: Context, input: z.output<typeof byTextInput>): Promise<TextSearchAnswer> {
  const text = (input.query ?? input.text ?? '').trim();
  const query = readTextQuery(text);
  const understood = { colours: query.colours, objects: query.objects };
  const library = await ctx.library();
  const { db } = library;
  // The first text search starts object indexing (the detector loads only once AI search is used).
  if (!(await objectsEnabled(db))) {
    const now = ctx.clock();
    await writeTransaction(library, now, () => enableObjects(db, now));
  }
  if (query.colours.length === 0 && query.objects.length === 0) {
    const message = `No signal of this build covers "${text}": it understands object names and colour words (see checkServiceHealth.signals).`;
    return { results: [], understood, unmatched: query.unmatched, message };
  }
  const limit = limitOf(input);
  let hits: Hit[];
  if (query.objects.length === 0) {
    hits = (await rankByColours(db, query.colours, limit)).map((hit) => ({ ...hit, signals: ['colour'] }));
  } else {
    hits = [];
    for (const hit of await rankByObjects(db, query.objects)) {
      const share = query.colours.length ? await colourShare(db, hit.id, query.colours) : undefined;
      if (share !== undefined && share < MIN_SHARE) continue;
      const signals = share === undefined ? ['object'] : ['object', 'colour'];
      hits.push({ id: hit.id, score: share === undefined ? hit.score : hit.score * (0.5 + 0.5 * share), signals });
    }
    hits = hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
  const { results } = await answer(db, hits);
  return { results, understood, unmatched: query.unmatched };
}

/** The smallest share of the asked colours in the item's picture (undefined: no descriptor yet). */
async function colourShare(db: LibraryDb, itemId: string, colours: readonly string[]): Promise<number | undefined> {
  const row = await db.items.where('id').equals(itemId).first();
  const descriptor = row && (await descriptorOf(db, itemId, row.descriptorShard));
  if (!descriptor) return undefined;
  return Math.min(...colours.map((colour) => descriptor[COLOURS_AT + COLOUR_NAMES.indexOf(colour as never)]! / 255));
}

export async function searchByItemId(ctx: Context, input: z.output<typeof byItemInput>): Promise<{ results: SearchResult[] }> {
  const library = await ctx.library();
  const query = await itemDescriptor(ctx, library, input.itemId);
  return answer(library.db, visualHits(await rankByLikeness(library.db, query, limitOf(input), input.itemId)));
}

export async function searchByBase64(ctx: Context, input: z.output<typeof byBase64Input>): Promise<{ results: SearchResult[] }> {
  const { blob } = decodeBase64(input.base64, 'base64');
  if (!ctx.imageProcessor) throw new ApiError('UNAVAILABLE', 'No image decoder is available here: searchByBase64 needs the service worker.');
  const outcome = await ctx.imageProcessor.process({ kind: 'raster', blob, mime: '' });
  if (outcome.status !== 'done') throw invalid(`base64: is not an image this browser can decode (${outcome.reason}).`);
  const library = await ctx.library();
  return answer(library.db, visualHits(await rankByLikeness(library.db, outcome.descriptor, limitOf(input))));
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

async function answer(db: LibraryDb, hits: readonly Hit[]): Promise<{ results: SearchResult[] }> {
  const rows = await db.items.where('id').anyOf(hits.map((hit) => hit.id)).toArray();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: SearchResult[] = [];
  for (const hit of hits) {
    const row = byId.get(hit.id);
    if (!row || row.isDeleted) continue;
    const result: SearchResult = { item: itemView(row), score: round(hit.score), signals: hit.signals };
    if (hit.nearDuplicate !== undefined) result.nearDuplicate = hit.nearDuplicate;
    results.push(result);
  }
  return { results };
}

const round = (score: number) => Math.round(score * 10000) / 10000;
