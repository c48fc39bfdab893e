/**
 * Runs `text` jobs, several at once: embeds the items' metadata text with the page's sentence
 * encoder in one call (outside any transaction), then stores the centred embeddings in one write,
 * or drops an item's when its text became empty. One round trip to the page and one transaction
 * per batch instead of per item. No encoder (no page) leaves the jobs queued, as objects do.
 */
import type { OpenLibrary } from '../context';
import type { MediaProcessor } from '../media/media-processor';
import { dropFinishedJobs, type MediaJob } from '../media/media-jobs';
import { writeTransaction } from '../storage/write';
import { announceIndexed } from './indexed-change';
import { itemText } from './item-text';
import { calibrationOf, saveCalibration } from './meaning-calibration';
import { removeTextVectors, putTextVector } from './text-vector-store';
import { centred } from './vector-math';

/** Text jobs embedded per batch: one encoder call and one transaction each. */
export const TEXT_BATCH = 16;

export async function embedItemTexts(library: OpenLibrary, jobs: readonly MediaJob[], media: MediaProcessor, clock: () => number): Promise<{ status: 'done' } | 'needs-page'> {
  const { db } = library;
  if (!media.embedTexts) return 'needs-page';
  const embed = media.embedTexts.bind(media);
  const rows = await db.items.where('id').anyOf(jobs.map((job) => job.itemId)).toArray();
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const texts = await Promise.all(jobs.map(async (job) => {
    const row = rowOf.get(job.itemId);
    return row ? itemText(db, row) : '';
  }));
  const vectors = new Map<string, Float32Array>();
  const toEmbed = jobs.map((job, at) => ({ itemId: job.itemId, text: texts[at]! })).filter(({ text }) => text);
  const calibration = toEmbed.length ? await calibrationOf(db, embed) : undefined;
  if (toEmbed.length) {
    const outcome = calibration && (await embed(toEmbed.map(({ text }) => text)));
    if (!calibration || !outcome || outcome.status !== 'done') return 'needs-page';
    toEmbed.forEach(({ itemId }, at) => vectors.set(itemId, centred(outcome.vectors[at]!, calibration.centre)));
  }
  await writeTransaction(library, clock(), async () => {
    if (calibration) await saveCalibration(db, calibration);
    await dropFinishedJobs(db, jobs);
    const current = new Map((await db.items.where('id').anyOf(jobs.map((job) => job.itemId)).toArray()).map((row) => [row.id, row]));
    const gone: string[] = [];
    for (const job of jobs) {
      const row = current.get(job.itemId);
      const vector = vectors.get(job.itemId);
      if (row && vector) await putTextVector(db, row, vector);
      else gone.push(job.itemId);
    }
    if (gone.length) await removeTextVectors(db, gone);
    announceIndexed(jobs.map((job) => job.itemId));
  }, { keepsDate: true });
  return { status: 'done' };
}
