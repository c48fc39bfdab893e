/**
 * The text found inside an item, one row per item: `{source, text}` where source is `ocr` (its
 * picture), `text` (a plain-text file) or `pdf` (a PDF's text layer). Search reads it as a field
 * of its own (search/search-index.ts) and the meaning search as part of the item's text. Storing
 * it refreshes the item's derived data (search terms, a meaning job), as a comment edit does.
 * Writers run inside a write transaction.
 */
import { refreshItems, type ItemObserver } from '../storage/item-changes';
import type { LibraryDb } from '../storage/library-db';
import type { ContentTextRow, ContentTextSource, ItemRow } from '../storage/rows';
import { CONTENT_TEXT_MAX_CHARS } from './plain-text';

export interface ContentText {
  source: ContentTextSource;
  text: string;
}

/** Whitespace runs made one space per line and blank lines dropped: OCR leaves many. */
export function tidyText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/[\t\f\v \u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, CONTENT_TEXT_MAX_CHARS);
}

export async function contentTextOf(db: LibraryDb, itemId: string): Promise<ContentText | undefined> {
  const row = await db.contentTexts.get(itemId);
  return row && { source: row.source, text: row.text };
}

/** Stores (or, for an empty text, removes) the item's content text, then refreshes what derives from it. */
export async function putContentText(db: LibraryDb, item: ItemRow, found: ContentText, observers: readonly ItemObserver[], now: number): Promise<void> {
  const text = tidyText(found.text);
  const before = await db.contentTexts.get(item.id);
  if ((before?.text ?? '') === text && (!text || before?.source === found.source)) return;
  if (text) await db.contentTexts.put({ id: item.id, source: found.source, text } satisfies ContentTextRow);
  else await db.contentTexts.delete(item.id);
  await refreshItems(db, [item.pk], observers, now);
}
