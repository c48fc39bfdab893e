/**
 * The picture hash of every live item that has a visual descriptor: the dHash of its whole picture
 * (src/core/ai-search/descriptor-layout.ts, made beside the thumbnail by the page's media worker and
 * filled for old libraries by the resumable `descriptor` jobs). A near pair is confirmed by alike
 * colours: a flat or smooth picture's hash has few bits, and a red square and a blue one share it.
 */
import { eachLiveDescriptor } from '../storage/descriptor-scan';
import { HASH_AT, HISTOGRAM_AT, HISTOGRAM_BINS } from '../shared/descriptor-layout';
import type { LibraryDb } from '../storage/library-db';
import type { PictureHashes } from './duplicate-groups';

/** Hellinger affinity of the colour histograms a near pair needs (a brightened copy keeps about 0.9). */
export const ALIKE_COLOURS = 0.75;

const word = (data: Uint8Array, at: number) => (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16) | (data[at + 3]! << 24)) >>> 0;

export async function pictureHashes(db: LibraryDb, live: (id: string) => boolean): Promise<PictureHashes> {
  const ids: string[] = [];
  const shards: Uint8Array[] = [];
  const offsets: number[] = [];
  await eachLiveDescriptor(db, (id, data, at) => {
    if (!live(id)) return;
    ids.push(id);
    shards.push(data);
    offsets.push(at);
  });
  const hi = new Uint32Array(ids.length), lo = new Uint32Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    lo[i] = word(shards[i]!, offsets[i]! + HASH_AT);
    hi[i] = word(shards[i]!, offsets[i]! + HASH_AT + 4);
  }
  const alike = (a: number, b: number) => {
    const da = shards[a]!, db = shards[b]!;
    const at = offsets[a]! + HISTOGRAM_AT, bt = offsets[b]! + HISTOGRAM_AT;
    let sum = 0;
    for (let i = 0; i < HISTOGRAM_BINS; i++) sum += da[at + i]! * db[bt + i]!;
    return sum / (255 * 255) >= ALIKE_COLOURS;
  };
  return { ids, hashes: { hi, lo }, alike };
}
