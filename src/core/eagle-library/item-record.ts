/**
 * An item's metadata.json (library-format.md §3.1) ⇄ this project's item and comment rows. Both
 * directions are pure. An export writes the imported record back with only the changed keys
 * replaced (`eagleItemRecord`), so an untouched item round-trips byte for byte.
 */
import { withDerivedFields } from '../listing/item-row';
import { mimeForExt } from '../images/mime';
import type { CommentRow, EagleRecord, ItemRow, Palette, ThumbnailState } from '../storage/rows';
import { bool, isRecord, num, overlay, records, str, strings } from './eagle-json';
import { safeFileName } from './file-names';

export interface ItemRowInput {
  id: string;
  record: EagleRecord;
  /** Bytes of the original when the record does not say (`size` missing). */
  fileSize: number;
  hasFile: boolean;
  thumbnail: ThumbnailState;
}

/** `modificationTime` is the import time; two real items hold a string there (§3.1). */
const time = (value: unknown, fallback: number) => {
  if (typeof value === 'string' && !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) {
    const parsed = Date.parse(value);
    return Number.isFinite(parsed) ? parsed : fallback;
  }
  return num(value, fallback);
};

function palettesOf(value: unknown): Palette[] {
  return records(value).flatMap((entry) => {
    const color = Array.isArray(entry.color) ? entry.color.map((c) => num(c)) : [];
    return color.length === 3 ? [{ color: color as Palette['color'], ratio: num(entry.ratio) }] : [];
  });
}

const star = (value: unknown) => {
  const n = Math.round(num(value));
  return n >= 1 && n <= 5 ? n : 0;
};

export function itemRowOf({ id, record, fileSize, hasFile, thumbnail }: ItemRowInput): ItemRow {
  const ext = str(record.ext).toLowerCase();
  const importedAt = time(record.modificationTime, num(record.btime));
  return withDerivedFields({
    pk: '',
    id,
    name: str(record.name),
    nameKey: '',
    ext,
    mime: mimeForExt(ext),
    width: Math.max(0, Math.round(num(record.width))),
    height: Math.max(0, Math.round(num(record.height))),
    pixels: 0,
    size: num(record.size, fileSize),
    url: str(record.url),
    annotation: str(record.annotation),
    tags: strings(record.tags),
    folders: strings(record.folders),
    facets: [],
    star: star(record.star),
    isDeleted: bool(record.isDeleted),
    modificationTime: num(record.lastModified, importedAt),
    btime: num(record.btime, importedAt),
    importedAt,
    duration: num(record.duration),
    palettes: palettesOf(record.palettes),
    noThumbnail: bool(record.noThumbnail),
    noPreview: bool(record.noPreview),
    thumbnail,
    hasFile,
    eagleRecord: record,
  });
}

export function commentRowsOf(itemId: string, record: EagleRecord): CommentRow[] {
  return records(record.comments).flatMap((entry) => {
    const id = str(entry.id);
    if (!id) return [];
    const row: CommentRow = { id, itemId, annotation: str(entry.annotation), lastModified: num(entry.lastModified) };
    if ('duration' in entry) row.duration = num(entry.duration);
    else for (const key of ['x', 'y', 'width', 'height'] as const) if (key in entry) row[key] = num(entry[key]);
    return [row];
  });
}

/** What search reads of a record's comments: their texts. */
export const commentTextsOf = (itemId: string, record: EagleRecord): string[] => commentRowsOf(itemId, record).map((row) => row.annotation);

const commentRecord = (row: CommentRow): EagleRecord =>
  row.duration !== undefined
    ? { id: row.id, duration: row.duration, annotation: row.annotation, lastModified: row.lastModified }
    : { id: row.id, x: row.x, y: row.y, width: row.width, height: row.height, annotation: row.annotation, lastModified: row.lastModified };

/** What this project holds about an item, in Eagle's keys and order (§3.1); undefined = absent. */
export function recordOf(row: ItemRow, comments: readonly CommentRow[]): EagleRecord {
  return {
    id: row.id,
    name: safeFileName(row.name),
    size: row.size,
    btime: row.btime,
    mtime: row.modificationTime,
    ext: row.ext,
    tags: row.tags,
    folders: row.folders,
    isDeleted: row.isDeleted,
    deletedTime: row.isDeleted ? row.modificationTime : undefined,
    url: row.url,
    annotation: row.annotation,
    modificationTime: row.importedAt,
    star: row.star || undefined,
    height: row.height || undefined,
    width: row.width || undefined,
    noThumbnail: row.noThumbnail || undefined,
    noPreview: row.noPreview || undefined,
    lastModified: row.modificationTime,
    palettes: row.palettes,
    comments: comments.length ? comments.map(commentRecord) : undefined,
    duration: row.duration || undefined,
  };
}

/** Comments in the order the imported record listed them, new ones after. */
export function inRecordOrder(record: EagleRecord | undefined, comments: readonly CommentRow[]): CommentRow[] {
  const order = new Map(records(record?.comments).map((entry, i) => [str(entry.id), i]));
  const at = (row: CommentRow) => order.get(row.id) ?? Number.MAX_SAFE_INTEGER;
  return [...comments].sort((a, b) => at(a) - at(b) || a.id.localeCompare(b.id));
}

/** The metadata.json to write for an item: the imported record with what changed since written over it. */
export function eagleItemRecord(row: ItemRow, comments: readonly CommentRow[]): EagleRecord {
  const kept = isRecord(row.eagleRecord) ? row.eagleRecord : undefined;
  const ordered = inRecordOrder(kept, comments);
  const now = recordOf(row, ordered);
  if (!kept) return overlay(undefined, undefined, now);
  const imported = itemRowOf({ id: row.id, record: kept, fileSize: 0, hasFile: row.hasFile, thumbnail: row.thumbnail });
  return overlay(kept, recordOf(imported, commentRowsOf(row.id, kept)), now);
}
