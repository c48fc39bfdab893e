/**
 * OCR indexing per second (docs/decisions/ocr.md): pictures of printed text drawn in this page,
 * stored with their `contentText` jobs straight into IndexedDB; the rate is theirs through the
 * service worker and this page's media worker (tesseract.js). Baseline: the bare recognizer in
 * this page, one picture at a time, warm.
 */
import { ApiClient } from '../../../tests/loose-client';
import { startMediaHost } from '../../../src/app/media/media-host';
import { recognizeInBitmap } from '../../../src/app/media/text-recognizer';
import { CONTENT_TEXT_JOB, contentTextJob } from '../../../src/core/media/media-jobs';
import { LibraryDb } from '../../../src/core/storage/library-db';
import { timed } from '../repeat';
import type { Scenario } from '../scenario';
import { pictureRows } from './ai-search';

const OCR_ITEMS = 8;
const WORDS = ['invoice', 'harbour', 'quarterly', 'timetable', 'lighthouse', 'receipt', 'network', 'settings'];

/** A 560×148 page of two printed lines, as a PNG. */
async function page(i: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(560, 148);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 560, 148);
  context.fillStyle = '#111111';
  context.font = '30px sans-serif';
  context.textBaseline = 'top';
  context.fillText(`${WORDS[i % WORDS.length]} number ${i}`, 24, 30);
  context.fillText('Printed for the bench', 24, 74);
  return canvas.convertToBlob({ type: 'image/png' });
}

export const ocrIndexRate: Scenario = {
  id: 'ocr-index-rate',
  label: `OCR items per second on the media worker, ${OCR_ITEMS} pictures of text`,
  unit: 'items/s',
  async measure(ctx) {
    const path = await ctx.newLibrary('ocr');
    const api = new ApiClient({ library: path });
    const db = new LibraryDb(ctx.core.open(await ctx.core.registry.require(path)).db.name);
    const host = startMediaHost();
    try {
      const now = Date.now();
      const blobs = await Promise.all(Array.from({ length: OCR_ITEMS }, (_, i) => page(i)));
      const rows = pictureRows(OCR_ITEMS, now).map((row) => ({ ...row, ext: 'png', mime: 'image/png', width: 560, height: 148 }));
      await db.transaction('rw', [db.items, db.files, db.jobs], async () => {
        await db.items.bulkAdd(rows);
        await db.files.bulkAdd(rows.map((row, i) => ({ id: row.id, blob: blobs[i]! })));
        await db.jobs.bulkAdd(rows.map((row) => contentTextJob(row.id, now)));
      });
      const jobsLeft = () => db.jobs.where('id').startsWith(`${CONTENT_TEXT_JOB}:`).count();
      const ms = await timed(async () => {
        await api.get('/item/countAll'); // the first request to the library resumes its jobs
        while ((await jobsLeft()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      });
      const floor: number[] = [];
      for (const blob of blobs) {
        const bitmap = await createImageBitmap(blob);
        if (floor.length === 0) await recognizeInBitmap(bitmap); // the baseline's load, outside its timing
        floor.push(1000 / (await timed(() => recognizeInBitmap(bitmap))));
        bitmap.close();
      }
      return { samples: [(OCR_ITEMS / ms) * 1000], baseline: { label: 'recognizeInBitmap in this page, one by one, warm', samples: floor }, note: 'the subject includes loading tesseract.js and its data once' };
    } finally {
      host.stop();
      db.close();
    }
  },
};
