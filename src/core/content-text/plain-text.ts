/**
 * Which files are plain text, and their text, bounded: a log of hundreds of megabytes is read
 * only as far as search keeps (docs/decisions/ocr.md).
 */
import type { ItemRow } from '../storage/rows';

/** Characters of content text kept per item (the search index and the meaning search read them). */
export const CONTENT_TEXT_MAX_CHARS = 20_000;
/** Bytes read from a plain-text file: UTF-8 takes at most 4 a character. */
const MAX_BYTES = CONTENT_TEXT_MAX_CHARS * 4;

const TEXT_EXTS = new Set(['txt', 'text', 'md', 'markdown', 'csv', 'tsv', 'log', 'json', 'xml', 'yaml', 'yml', 'ini', 'toml', 'rst', 'srt', 'vtt']);
const TEXT_MIMES = new Set(['application/json', 'application/xml', 'application/x-yaml', 'application/yaml']);

export function isPlainText(row: Pick<ItemRow, 'mime' | 'ext'>): boolean {
  const type = row.mime.toLowerCase().split(';')[0]!.trim();
  // text/html and SVG-as-text are markup for a browser, not text to read.
  if (type === 'text/html' || type === 'image/svg+xml') return false;
  return TEXT_EXTS.has(row.ext.toLowerCase()) || type.startsWith('text/') || TEXT_MIMES.has(type);
}

/** The start of the file as text (UTF-8, a character cut at the end dropped), at most CONTENT_TEXT_MAX_CHARS. */
export async function readPlainText(blob: Blob): Promise<string> {
  const bytes = await blob.slice(0, MAX_BYTES).arrayBuffer();
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const whole = blob.size <= MAX_BYTES ? text : text.replace(/\uFFFD+$/, '');
  return whole.slice(0, CONTENT_TEXT_MAX_CHARS);
}
