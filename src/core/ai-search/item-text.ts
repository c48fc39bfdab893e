/**
 * The text of an item that the sentence encoder reads: name, tags, annotation, the names of its
 * folders and the start of its content text (OCR, a text file's), one sentence each. Empty when
 * the item has none of them.
 */
import type { LibraryDb } from '../storage/library-db';
import type { ItemRow } from '../storage/rows';

/** Annotations can be long; the encoder's cost grows with length, and the start says most. */
const MAX_CHARS = 600;

export async function itemText(db: LibraryDb, item: ItemRow): Promise<string> {
  const folders = item.folders.length ? await db.folders.bulkGet(item.folders) : [];
  const content = (await db.contentTexts.get(item.id))?.text.replace(/\s+/g, ' ') ?? '';
  const parts = [item.name, item.tags.join(', '), item.annotation, folders.map((f) => f?.name ?? '').filter(Boolean).join(', '), content];
  return parts.map((p) => p.trim()).filter(Boolean).join('. ').slice(0, MAX_CHARS);
}

/** Whether a change touched what itemText reads. */
export const textChanged = (before: ItemRow, after: ItemRow) =>
  before.name !== after.name ||
  before.annotation !== after.annotation ||
  before.tags.join('\n') !== after.tags.join('\n') ||
  before.folders.join('\n') !== after.folders.join('\n');
