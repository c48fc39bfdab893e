/**
 * Ranks pictures by how much of them is the asked colours (the descriptor's named-colour shares,
 * one scan over the packed shards). Several colours must all be present: an item scores the
 * smallest of its shares. Below MIN_SHARE a colour does not count as present.
 */
import type { LibraryDb } from '../storage/library-db';
import { COLOUR_NAMES, type ColourName } from './colour-names';
import { COLOURS_AT } from './descriptor-layout';
import { eachLiveDescriptor } from './descriptor-store';

export const MIN_SHARE = 0.05;

export interface ColourHit {
  id: string;
  /** The smallest share (0..1) among the asked colours. */
  score: number;
}

export async function rankByColours(db: LibraryDb, colours: readonly ColourName[], limit: number): Promise<ColourHit[]> {
  const offsets = colours.map((colour) => COLOURS_AT + COLOUR_NAMES.indexOf(colour));
  const hits: ColourHit[] = [];
  await eachLiveDescriptor(db, (id, data, at) => {
    let score = 1;
    for (const offset of offsets) score = Math.min(score, data[at + offset]! / 255);
    if (score >= MIN_SHARE) hits.push({ id, score });
  });
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}
