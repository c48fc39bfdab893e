/**
 * Runs one `text` job: embeds the item's metadata text with the page's sentence encoder (outside
 * any transaction), then stores the centred embedding, or drops it when the text became empty.
 * No encoder (no page) leaves the job queued, as objects do.
 */
import type { OpenLibrary } from '../context';
import type { MediaProcessor } from '../media/media-processor';
import { ticketOf, type MediaJob } from '../media/media-jobs';
import { writeTransaction } from '../storage/write';
import { itemText } from './item-text';
import { calibrationOf, saveCalibration } from './meaning-calibration';
import { removeTextVectors, putTextVector } from './text-vector-store';
import { centred } from './vector-math';

export async function embedItemText(library: OpenLibrary, job: MediaJob, media: MediaProcessor, clock: () => number): Promise<{ status: 'done' } | 'needs-page'> {
  const { db } = library;
  if (!media.embedTexts) return 'needs-page';
  const embed = media.embedTexts.bind(media);
  const row = await db.items.where('id').equals(job.itemId).first();
  const text = row ? await itemText(db, row) : '';
  let vector: Float32Array | undefined;
  const calibration = text ? await calibrationOf(db, embed) : undefined;
  if (text) {
    const outcome = calibration && (await embed([text]));
    if (!calibration || !outcome || outcome.status !== 'done') return 'needs-page';
    vector = centred(outcome.vectors[0]!, calibration.centre);
  }
  await writeTransaction(library, clock(), async () => {
    const queued = await db.jobs.get(job.id);
    if (ticketOf(queued) === job.payload.ticket) await db.jobs.delete(job.id);
    if (calibration) await saveCalibration(db, calibration);
    const current = await db.items.where('id').equals(job.itemId).first();
    if (current && vector) await putTextVector(db, current, vector);
    else await removeTextVectors(db, [job.itemId]);
  });
  return { status: 'done' };
}
