/**
 * searchByText: each kind of evidence the query's words map to gives every candidate a score in
 * [0, 1] (objects: detector confidence averaged over the asked labels; colours: the smallest
 * share of the asked colours, inside the object's box when an object was asked too; metadata: the share of the remaining words found in the item's
 * name, tags, annotation, comments or folder names, by the full-text index). An item's score is
 * the mean over the kinds the query asked for, so items matching more of the query come first;
 * `signals` lists the kinds that matched. Words nothing covers are reported, never guessed at.
 */
import type { LibraryDb } from '../storage/library-db';
import { searchCandidates } from '../search/search.service';
import { COLOUR_NAMES, type ColourName } from './colour-names';
import { MIN_SHARE, rankByColours } from './colour-search';
import { COLOURS_AT, DESCRIPTOR_BYTES } from './descriptor-layout';
import { rankByObjects } from './object-search';
import { readTextQuery } from './text-query';

/** Candidates read per kind of evidence (colour-only queries rank every picture). */
const CANDIDATES = 5000;

export interface TextHit {
  id: string;
  score: number;
  signals: string[];
}

export interface TextRanking {
  hits: TextHit[];
  understood: { colours: string[]; objects: string[]; metadata: string[] };
  unmatched: string[];
}

export async function rankByText(db: LibraryDb, text: string, limit: number): Promise<TextRanking> {
  const query = readTextQuery(text);
  const scores = new Map<string, Map<string, number>>();
  const add = (signal: string, id: string, score: number) => {
    if (score <= 0) return;
    const entry = scores.get(id) ?? new Map<string, number>();
    entry.set(signal, score);
    scores.set(id, entry);
  };
  const asked: string[] = [];
  const boxColours = new Map<string, number>();
  if (query.objects.length) {
    asked.push('object');
    for (const hit of (await rankByObjects(db, query.objects, query.colours)).slice(0, CANDIDATES)) {
      add('object', hit.id, hit.score);
      if (hit.boxColour !== undefined) boxColours.set(hit.id, hit.boxColour);
    }
  }
  const metadata: string[] = [];
  const unmatched: string[] = [];
  for (const word of query.unmatched) {
    const { pks, exclude } = await searchCandidates(db, word);
    const ids = (pks ?? []).filter((pk) => !exclude.has(pk)).slice(0, CANDIDATES).map(idOfKey);
    (ids.length ? metadata : unmatched).push(word);
    for (const id of ids) add('metadata', id, (scores.get(id)?.get('metadata') ?? 0) + 1 / query.unmatched.length);
  }
  if (metadata.length) asked.push('metadata');
  if (query.colours.length) {
    asked.push('colour');
    if (scores.size === 0 && asked.length === 1) {
      for (const hit of await rankByColours(db, query.colours, CANDIDATES)) add('colour', hit.id, hit.score);
    } else {
      const whole = await colourShares(db, [...scores.keys()].filter((id) => !boxColours.has(id)), query.colours);
      for (const [id, share] of [...whole, ...boxColours]) if (share >= MIN_SHARE) add('colour', id, share);
    }
  }
  const hits: TextHit[] = [];
  for (const [id, entry] of scores) {
    let sum = 0;
    for (const score of entry.values()) sum += score;
    hits.push({ id, score: sum / asked.length, signals: asked.filter((signal) => entry.has(signal)) });
  }
  hits.sort((a, b) => b.score - a.score);
  return { hits: hits.slice(0, limit), understood: { colours: query.colours, objects: query.objects, metadata }, unmatched };
}

/** Item keys are `<import time>:<id>` (src/core/items/item-row.ts). */
const idOfKey = (pk: string) => pk.slice(pk.indexOf(':') + 1);

/** The smallest share of the asked colours in each item's picture (items with no descriptor left out). */
async function colourShares(db: LibraryDb, ids: readonly string[], colours: readonly ColourName[]): Promise<Map<string, number>> {
  const rows = await db.items.where('id').anyOf([...ids]).toArray();
  const shardNos = [...new Set(rows.flatMap((row) => (row.descriptorShard === undefined ? [] : [row.descriptorShard])))];
  const shards = await db.descriptorShards.bulkGet(shardNos);
  const shares = new Map<string, number>();
  const wanted = new Set(ids);
  for (const shard of shards) {
    if (!shard) continue;
    shard.ids.forEach((id, slot) => {
      if (!wanted.has(id)) return;
      const at = slot * DESCRIPTOR_BYTES + COLOURS_AT;
      shares.set(id, Math.min(...colours.map((colour) => shard.data[at + COLOUR_NAMES.indexOf(colour)]! / 255)));
    });
  }
  return shares;
}
