/**
 * Reads an Eagle library's parts from a LibraryTree (library-format.md §2, §3): the root files,
 * the list of item folders (enumerated, never taken from mtime.json), and each item folder.
 */
import { UnreadableEntry } from '../../shared/library-tree/unreadable-entry';
import type { CommentRow, EagleRecord, ItemRow } from '../storage/rows';
import { isRecord, parseJson, str } from './eagle-json';
import { bookmarkShortcut, isSkippedFile, originalFileName, thumbnailFileName } from './file-names';
import { joinPath, type LibraryTree } from './library-tree';
import { commentRowsOf, itemRowOf } from './item-record';
import { sniffThumbnail } from './sniff';

export interface LibraryRoot {
  metadata: EagleRecord;
  tags: EagleRecord;
  savedFilters: unknown;
  actions: unknown;
}

/** A missing or unreadable optional file counts as absent, as Eagle treats it (§6). */
async function readJson(tree: LibraryTree, path: string): Promise<unknown> {
  const blob = await tree.read(path);
  if (!blob) return undefined;
  try {
    return parseJson(await blob.text());
  } catch {
    return undefined;
  }
}

/** The root files, or an error message when the root metadata.json is missing or damaged. */
export async function readRoot(tree: LibraryTree): Promise<LibraryRoot | string> {
  const blob = await tree.read('metadata.json');
  if (!blob) return 'the library has no metadata.json at its root';
  let metadata: unknown;
  try {
    metadata = parseJson(await blob.text());
  } catch {
    return 'the root metadata.json is not valid JSON';
  }
  if (!isRecord(metadata)) return 'the root metadata.json does not hold an object';
  const tags = await readJson(tree, 'tags.json');
  return {
    metadata,
    tags: isRecord(tags) ? tags : { historyTags: [], starredTags: [] },
    savedFilters: (await readJson(tree, 'saved-filters.json')) ?? [],
    actions: (await readJson(tree, 'actions.json')) ?? [],
  };
}

/** Names of the item folders under images/, sorted so a resumed import walks the same order. */
export async function itemFolderNames(tree: LibraryTree): Promise<string[]> {
  return (await tree.list('images'))
    .filter((entry) => entry.kind === 'directory' && /^[^~.].*\.info$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

export interface ReadItem {
  row: ItemRow;
  file?: Blob;
  thumbnail?: Blob;
  comments: CommentRow[];
}

export type ItemFolder = { ok: true; item: ReadItem; bytes: number } | { ok: false; name: string; reason: string };

const broken = (name: string, reason: string): ItemFolder => ({ ok: false, name, reason });

/**
 * Reads `images/<folder>`: a broken folder (bad JSON, missing original, a damaged zip entry of
 * its metadata or original) answers why; a damaged thumbnail alone is left out. Only an entry's own damage is caught here: any other error (the zip's Blob gone,
 * storage) goes up and stops the import, which a later run may resume.
 */
export async function readItemFolder(tree: LibraryTree, folder: string): Promise<ItemFolder> {
  try {
    return await readFolder(tree, folder);
  } catch (error) {
    if (error instanceof UnreadableEntry) return broken(folder, `could not be read: ${error.message}`);
    throw error;
  }
}

async function readFolder(tree: LibraryTree, folder: string): Promise<ItemFolder> {
  const dir = joinPath('images', folder);
  const names = (await tree.list(dir)).filter((entry) => entry.kind === 'file' && !isSkippedFile(entry.name)).map((entry) => entry.name);
  const metaBytes = names.includes('metadata.json') ? await readBytes(tree, joinPath(dir, 'metadata.json')) : undefined;
  if (!metaBytes) return broken(folder, 'metadata.json is missing');
  const text = new TextDecoder().decode(metaBytes);
  if (text.replace(/[\s\u0000]/g, '') === '') return broken(folder, 'metadata.json is empty');
  let record: unknown;
  try {
    record = parseJson(text);
  } catch {
    return broken(folder, 'metadata.json is not valid JSON');
  }
  if (!isRecord(record)) return broken(folder, 'metadata.json does not hold an object');
  const id = folder.slice(0, -'.info'.length);
  const name = str(record.name);
  const ext = str(record.ext).toLowerCase();
  const originalName = findOriginal(names, name, ext);
  if (!originalName && ext !== 'url') return broken(folder, `the original ${originalFileName(name, ext)} is missing`);
  const read = originalName ? await tree.read(joinPath(dir, originalName)) : undefined;
  const file = read && ext === 'url' && (await read.text()) === bookmarkShortcut(str(record.url)) ? undefined : read;
  const thumbName = names.includes(thumbnailFileName(name)) ? thumbnailFileName(name) : names.find((n) => n.endsWith('_thumbnail.png'));
  const thumbnail = thumbName ? await readThumbnail(tree, joinPath(dir, thumbName)) : undefined;
  const row = itemRowOf({ id, record, fileSize: file?.size ?? 0, hasFile: file !== undefined, thumbnail: 'none' });
  const bytes = (file?.size ?? 0) + (thumbnail?.size ?? 0) + metaBytes.length;
  return { ok: true, item: { row, file, thumbnail, comments: commentRowsOf(id, record) }, bytes };
}

/** A damaged thumbnail costs the item only its thumbnail: the import makes one from the original instead. */
async function readThumbnail(tree: LibraryTree, path: string): Promise<Blob | undefined> {
  try {
    return sniffThumbnail(await readBytes(tree, path));
  } catch (error) {
    if (error instanceof UnreadableEntry) return undefined;
    throw error;
  }
}

async function readBytes(tree: LibraryTree, path: string): Promise<Uint8Array | undefined> {
  if (tree.readBytes) return tree.readBytes(path);
  const blob = await tree.read(path);
  return blob && new Uint8Array(await blob.arrayBuffer());
}

const loose = (name: string) => name.normalize('NFC').trim().toLowerCase();

/** `<name>.<ext>`; else the same name in another Unicode form or case; else the only candidate (§3.5). */
function findOriginal(names: readonly string[], name: string, ext: string): string | undefined {
  const wanted = originalFileName(name, ext);
  if (names.includes(wanted)) return wanted;
  const candidates = names.filter((n) => n !== 'metadata.json' && !n.endsWith('_thumbnail.png'));
  return candidates.find((n) => loose(n) === loose(wanted)) ?? (candidates.length === 1 ? candidates[0] : undefined);
}
