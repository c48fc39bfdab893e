/**
 * searchByText: each kind of evidence the query's words map to gives every candidate a score in
 * [0, 1] (objects: detector confidence averaged over the asked labels, full when the item's metadata
 * names the label, ./object-evidence.ts; colours: the smallest
 * share of the asked colours, inside the object's box when an object was asked too; metadata: the share of the remaining words found in the item's
 * name, tags, annotation, comments or folder names, by the full-text index; meaning: how close the
 * sentence encoder puts the words found nowhere to the item's metadata text, ./meaning-search.ts).
 * Words found nowhere may also map onto a label by meaning ("mutt" → dog). An item's score is
 * the mean over the kinds the query asked for, so items matching more of the query come first;
 * `signals` lists the kinds that matched. Words nothing covers are reported, never guessed at.
 */
import type { LibraryDb } from '../storage/library-db';
import { searchCandidates } from '../search/search.service';
import { COLOUR_NAMES, type ColourName } from './colour-names';
import { MIN_SHARE, rankByColours } from './colour-search';
import { COLOURS_AT, DESCRIPTOR_BYTES } from './descriptor-layout';
import { combineObjectEvidence } from './object-evidence';
import { rankByObjects } from './object-search';
import type { CocoLabel } from './object-words';
import { readTextQuery } from './text-query';
import { calibrationOf, prompt, type Embed } from './meaning-calibration';
import { isGibberish, MIN_MEANING, nearestLabel, rankByMeaning, type MeaningHit } from './meaning-search';
import { centred } from './vector-math';

/** Candidates read per kind of evidence (colour-only queries rank every picture). */
const CANDIDATES = 5000;

export interface TextHit {
  id: string;
  score: number;
  signals: string[];
}

export interface TextRanking {
  hits: TextHit[];
  understood: { colours: string[]; objects: string[]; metadata: string[]; meaning: string[] };
  unmatched: string[];
  /** Set when words needed the sentence encoder and none could run (no page). */
  meaningUnavailable?: string;
}

/** Meaning scores run from MIN_MEANING (weak) to this similarity (as good as a word match). */
const FULL_MEANING = 0.6;

export async function rankByText(db: LibraryDb, text: string, limit: number, embed?: Embed): Promise<TextRanking> {
  const query = readTextQuery(text);
  const scores = new Map<string, Map<string, number>>();
  const add = (signal: string, id: string, score: number) => {
    if (score <= 0) return;
    const entry = scores.get(id) ?? new Map<string, number>();
    entry.set(signal, score);
    scores.set(id, entry);
  };
  const asked: string[] = [];
  const metadata: string[] = [];
  let unmatched: string[] = [];
  const lexical = new Map<string, string[]>();
  for (const word of query.unmatched) {
    const ids = await lexicalIds(db, word);
    (ids.length ? metadata : unmatched).push(word);
    lexical.set(word, ids);
  }
  const meaning = unmatched.length ? await byMeaning(db, unmatched, embed) : undefined;
  const objects = [...new Set([...query.objects, ...(meaning?.labels.values() ?? [])])];
  if (meaning) unmatched = unmatched.filter((word) => !meaning.labels.has(word) && !meaning.words.includes(word));
  const boxColours = new Map<string, number>();
  const named = new Set<string>();
  if (objects.length) {
    asked.push('object');
    const detected = (await rankByObjects(db, objects, query.colours)).slice(0, CANDIDATES);
    for (const hit of detected) if (hit.boxColour !== undefined) boxColours.set(hit.id, hit.boxColour);
    const namedBy = new Map<CocoLabel, Set<string>>();
    for (const [label, words] of query.objectWords) {
      for (const word of words) namedBy.set(label, new Set([...(namedBy.get(label) ?? []), ...(await lexicalIds(db, word))]));
    }
    for (const [id, evidence] of combineObjectEvidence(objects, detected, namedBy)) {
      add('object', id, evidence.score);
      if (evidence.named) named.add(id);
    }
  }
  for (const word of metadata) {
    for (const id of lexical.get(word)!) add('metadata', id, (scores.get(id)?.get('metadata') ?? 0) + 1 / query.unmatched.length);
  }
  if (metadata.length) asked.push('metadata');
  if (meaning?.hits.length) {
    asked.push('meaning');
    for (const hit of meaning.hits) add('meaning', hit.id, Math.min(1, (hit.similarity - MIN_MEANING) / (FULL_MEANING - MIN_MEANING) * 0.8 + 0.2));
  }
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
    const signals = asked.filter((signal) => entry.has(signal));
    // Metadata that named an asked object is metadata evidence too, whatever else was asked.
    if (named.has(id) && !signals.includes('metadata')) signals.push('metadata');
    hits.push({ id, score: sum / asked.length, signals });
  }
  hits.sort((a, b) => b.score - a.score);
  const understood = { colours: query.colours, objects, metadata, meaning: meaning?.words ?? [] };
  const ranking: TextRanking = { hits: hits.slice(0, limit), understood, unmatched };
  if (meaning?.unavailable) ranking.meaningUnavailable = meaning.unavailable;
  return ranking;
}

interface MeaningAnswer {
  /** Words mapped onto a label by meaning. */
  labels: Map<string, CocoLabel>;
  /** Words read by meaning (not gibberish), whether or not an item means them. */
  words: string[];
  hits: MeaningHit[];
  unavailable?: string;
}

/**
 * The sentence encoder's reading of the words found nowhere else: labels they clearly mean, and
 * items whose text means them. One call embeds the phrase and each word's label prompt.
 */
async function byMeaning(db: LibraryDb, words: readonly string[], embed: Embed | undefined): Promise<MeaningAnswer | undefined> {
  if (!embed) return undefined;
  const calibration = await calibrationOf(db, embed);
  if (!calibration) return { labels: new Map(), words: [], hits: [], unavailable: 'Reading meaning needs an open page of this site.' };
  const outcome = await embed([words.join(' '), ...words.map(prompt)]);
  if (outcome.status !== 'done') return { labels: new Map(), words: [], hits: [], unavailable: outcome.reason };
  const [phrase, ...prompts] = outcome.vectors;
  const labels = new Map<string, CocoLabel>();
  words.forEach((word, i) => {
    const label = nearestLabel(prompts[i]!, calibration)?.label;
    if (label) labels.set(word, label);
  });
  const rest = words.filter((word) => !labels.has(word));
  if (!rest.length) return { labels, words: [], hits: [] };
  // The phrase without the words that became labels ("mutt" alone would otherwise match dog-named items twice).
  const vector = rest.length === words.length ? phrase! : await phraseOf(rest, embed);
  if (!vector) return { labels, words: [], hits: [] };
  const query = centred(vector, calibration.centre);
  if (isGibberish(query, calibration)) return { labels, words: [], hits: [] };
  // Words with a meaning are understood even when no item (indexed so far) means them.
  return { labels, words: rest, hits: await rankByMeaning(db, query, CANDIDATES) };
}

async function phraseOf(words: readonly string[], embed: Embed): Promise<Float32Array | undefined> {
  const outcome = await embed([words.join(' ')]);
  return outcome.status === 'done' ? outcome.vectors[0] : undefined;
}

/** Ids of the items whose metadata holds the word (by the full-text index), trashed ones left out. */
async function lexicalIds(db: LibraryDb, word: string): Promise<string[]> {
  const { pks, exclude } = await searchCandidates(db, word);
  return (pks ?? []).filter((pk) => !exclude.has(pk)).slice(0, CANDIDATES).map(idOfKey);
}

/** Item keys are `<import time>:<id>` (src/core/listing/item-row.ts). */
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
