/**
 * Finds an item's content text from its original: a plain-text file is read right here (no page
 * needed), a raster picture goes to the page's OCR. Runs outside any transaction.
 */
import { mediaKindOf, type MediaProcessor } from '../media/media-processor';
import type { ItemRow } from '../storage/rows';
import type { ContentText } from './content-text-store';
import { isPlainText, readPlainText } from './plain-text';

export type Found = { status: 'done'; found?: ContentText } | { status: 'undecodable'; reason: string } | { status: 'needs-page' };

export async function findContentText(row: ItemRow, original: Blob | undefined, media: MediaProcessor): Promise<Found> {
  if (!original) return { status: 'done' };
  if (isPlainText(row)) return { status: 'done', found: { source: 'text', text: await readPlainText(original) } };
  if (mediaKindOf(row.mime, row.ext) !== 'raster') return { status: 'done' };
  if (!media.recognizeText) return { status: 'needs-page' };
  const outcome = await media.recognizeText({ kind: 'raster', blob: original, mime: row.mime || original.type });
  if (outcome.status === 'done') return { status: 'done', found: { source: 'ocr', text: outcome.text } };
  return outcome.status === 'needs-page' ? { status: 'needs-page' } : outcome;
}
